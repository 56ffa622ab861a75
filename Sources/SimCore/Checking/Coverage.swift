/// `sometimes` coverage marks: how often each named situation was reached. A campaign that
/// claims to test "kill during step 9" shows the mark was hit (FoundationDB, Antithesis).
public final class Coverage {
    private var counts: [String: Int] = [:]

    public init() {}

    /// Counts one hit of `label`.
    public func hit(_ label: String) { counts[label, default: 0] += 1 }

    /// How often `label` was hit.
    public func count(_ label: String) -> Int { counts[label] ?? 0 }

    /// Every label with its count, sorted by label.
    public var sorted: [(label: String, count: Int)] {
        counts.keys.sorted().map { ($0, counts[$0]!) }
    }

    /// Adds another run's marks (fuzz campaigns).
    public func merge(_ other: Coverage) {
        for (label, count) in other.sorted { counts[label, default: 0] += count }
    }
}
