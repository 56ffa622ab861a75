/// Where a defect must be caught: running `scenario` with the defect alone as the variant, some
/// seed in `seeds` (at dataset `size`) must break an invariant. The defect-catch matrix test runs
/// every app's list, so the app README's defect table cannot drift from what the harness does.
public struct DefectCatch: Sendable, Equatable {
    /// The defect's variant name (`split-fresh-uuid`).
    public var defect: String
    /// The scenario that catches it (`interrupted-upload`).
    public var scenario: String
    /// The seeds within which the first failure must come (the test stops at the first one).
    public var seeds: ClosedRange<UInt64>
    /// The dataset size knob (0: the small dataset, fast enough for CI).
    public var size: Int

    public init(_ defect: String, by scenario: String, within seeds: ClosedRange<UInt64>, size: Int = 0) {
        precondition(!seeds.isEmpty && seeds.lowerBound >= 1, "seeds start at 1")
        self.defect = defect
        self.scenario = scenario
        self.seeds = seeds
        self.size = size
    }
}
