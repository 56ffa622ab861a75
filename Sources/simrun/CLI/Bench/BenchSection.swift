/// One built-in part of `simrun bench`, selectable with `--only` (comma-separated) next to the
/// names of the extra benchmarks the command line was given.
enum BenchSection: String, CaseIterable {
    case heap, executor, upload, memory, scenarios
    /// Cost per seed at sizes 1, 2, 4 and 8 (minutes of work: only when named in `--only`).
    case scaling

    /// The sections run when `--only` is absent.
    static let defaults: Set<BenchSection> = [.heap, .executor, .upload, .memory, .scenarios]

    /// The built-in sections and extra benchmark names chosen by `--only` (the defaults and every
    /// extra when absent).
    static func parse(_ text: String?, extras: [String]) throws -> (sections: Set<BenchSection>, extras: Set<String>) {
        guard let text else { return (defaults, Set(extras)) }
        var chosen = Set<BenchSection>(), chosenExtras = Set<String>()
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if let section = BenchSection(rawValue: name) {
                chosen.insert(section)
            } else if extras.contains(name) {
                chosenExtras.insert(name)
            } else {
                throw Suggest.unknown("bench section", name, known: allCases.map(\.rawValue) + extras)
            }
        }
        return (chosen, chosenExtras)
    }
}
