/// "Did you mean …?" suggestions.
enum Suggest {
    /// The candidate closest to `name` by edit distance (nil if far).
    static func nearest(_ name: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(name, $0)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let best = scored.first, best.1 <= max(2, name.count / 2) else { return nil }
        return best.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// `unknown <what> 'name' (did you mean X?; known: a, b, c)`.
    static func unknown(_ what: String, _ name: String, known: [String]) -> UsageError {
        let hint = nearest(name, among: known).map { "did you mean \($0)? " } ?? ""
        return UsageError("unknown \(what) '\(name)' (\(hint)known: \(known.joined(separator: ", ")))")
    }
}
