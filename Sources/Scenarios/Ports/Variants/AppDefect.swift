// The defect switches of an app under test live beside its ports: app code reads them
// (`variant.has(.splitFreshUUID)`) without seeing the harness.
/// One defect of an app's migration plan that a variant can switch on alone: a bug the harness
/// must catch. Each app declares its defects as an enum (`SwissCoinDefect`, `MinutaDefect`).
public protocol AppDefect: RawRepresentable, CaseIterable, Hashable, Comparable, Sendable where RawValue == String {
    /// One line: what the defective code does and what goes wrong.
    var summary: String { get }
    /// The ids of the shared bug zoo's entries this defect reproduces (`["SC-1"]`; several when
    /// one defect is the seed code of several entries; empty for a defect found while porting).
    var bugZooIds: [String] { get }
    /// Whether the plan as written has it (the `as-written` variant). Defects of code the plan
    /// does not contain (a sync engine of our own, say) are switched on only by name.
    var inPlanAsWritten: Bool { get }
}

extension AppDefect {
    /// The kebab-case name on the command line (`split-fresh-uuid`).
    public var name: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
