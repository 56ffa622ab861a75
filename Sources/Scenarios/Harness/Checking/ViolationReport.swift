import SimCore

/// One way every checker reports: no violation when nothing differs; otherwise one violation whose
/// message counts the differences and whose entity list shows the first `limit` of them (a run
/// that breaks an invariant everywhere still prints a readable report).
public enum ViolationReport {
    /// The report for `diffs`; `message` gets the count and returns the sentence before the note
    /// `(N more not shown)`.
    public static func of(_ invariant: String, kind: ViolationKind = .safety, _ diffs: [EntityDiff], limit: Int = 8,
                          message: (Int) -> String) -> [Violation] {
        precondition(limit > 0, "a report shows at least one difference")
        guard !diffs.isEmpty else { return [] }
        let shown = Array(diffs.prefix(limit))
        let note = diffs.count > limit ? " (\(diffs.count - limit) more not shown)" : ""
        return [Violation(invariant: invariant, kind: kind, message: message(diffs.count) + note, entities: shown)]
    }
}
