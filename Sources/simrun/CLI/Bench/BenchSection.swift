/// One built-in part of `simrun bench`, selectable with `--only` (comma-separated) next to the
/// names of the extra benchmarks the command line was given.
enum BenchSection: String, CaseIterable {
    case heap, executor, upload, memory, scenarios

    /// The built-in sections and extra benchmark names chosen by `--only` (every one when absent).
    static func parse(_ text: String?, extras: [String]) throws -> (sections: Set<BenchSection>, extras: Set<String>) {
        guard let text else { return (Set(allCases), Set(extras)) }
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
