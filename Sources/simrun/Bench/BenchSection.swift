/// One part of `simrun bench`, selectable with `--only` (comma-separated).
enum BenchSection: String, CaseIterable {
    case heap, executor, upload, memory, scenarios, crdt

    /// The sections named by `--only`, or every section when it is absent.
    static func parse(_ text: String?) throws -> Set<BenchSection> {
        guard let text else { return Set(allCases) }
        var chosen = Set<BenchSection>()
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let section = BenchSection(rawValue: name) else {
                throw Suggest.unknown("bench section", name, known: allCases.map(\.rawValue))
            }
            chosen.insert(section)
        }
        return chosen
    }
}
