/// Every app under test, with its scenarios and variants: what `simrun list` prints and what
/// names on the command line resolve against.
public enum Catalog {
    /// The apps, in a fixed order.
    public static var apps: [AppDefinition] {
        [SwissCoinApp.definition, MinutaApp.definition]
    }

    /// The app with this name.
    public static func app(named name: String) -> AppDefinition? {
        apps.first { $0.name == name }
    }

    /// Every (app, scenario) pair whose scenario has this name, in catalogue order.
    public static func scenarios(named name: String) -> [any AppScenario] {
        apps.flatMap { $0.scenarios.filter { $0.name == name } }
    }

    /// Every scenario of every app.
    public static var allScenarios: [any AppScenario] {
        apps.flatMap(\.scenarios)
    }

    /// The candidate closest to `name` by edit distance, for "did you mean …?" (nil if far).
    public static func nearest(_ name: String, among candidates: [String]) -> String? {
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
}
