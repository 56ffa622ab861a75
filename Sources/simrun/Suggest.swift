import Scenarios

/// "Did you mean …?" suggestions.
enum Suggest {
    static func nearest(_ name: String, among candidates: [String]) -> String? {
        Catalog.nearest(name, among: candidates)
    }

    /// `unknown <what> 'name' (did you mean X?; known: a, b, c)`.
    static func unknown(_ what: String, _ name: String, known: [String]) -> UsageError {
        let hint = nearest(name, among: known).map { "did you mean \($0)? " } ?? ""
        return UsageError("unknown \(what) '\(name)' (\(hint)known: \(known.joined(separator: ", ")))")
    }
}
