import AppPorts
import SimCore

/// One scenario of one app: a workload, the faults it injects and the invariants it checks,
/// run inside a simulator that the runner creates from the seed.
public protocol AppScenario: Sendable {
    /// The app's name (`swisscoin`).
    var app: String { get }
    /// The scenario's catalogue name (`interrupted-upload`).
    var name: String { get }
    /// One line: what it does.
    var summary: String { get }
    /// The invariants it checks, by catalogue name.
    var invariants: [String] { get }

    /// Runs the workload in `sim` (calling `sim.run`), then checks the world at quiescence.
    /// Returns the violations found; throws only for harness trouble (`SimulationError`).
    func execute(in sim: Simulator, variant: String, size: Int) throws -> [Violation]

    /// The `sometimes` labels this scenario claims to reach: `simrun fuzz` lists those no run of
    /// a campaign reached, and `--require-coverage` fails the campaign on them.
    var coverageMarks: [String] { get }
}

extension AppScenario {
    public var coverageMarks: [String] { [] }
}

/// A variant of an app (a set of defects switched on), for `simrun list` and argument checking.
public struct VariantInfo: Sendable, Equatable {
    public var name: String
    public var summary: String
    /// The bug-zoo ids (`SC-1`) of the catalogue entries the variant reproduces, when it is one
    /// defect (empty for `fixed`, `as-written` and defects found while porting).
    public var bugIDs: [String]

    public init(name: String, summary: String, bugIDs: [String] = []) {
        self.name = name
        self.summary = summary
        self.bugIDs = bugIDs
    }
}

/// An app under test: its scenarios and variants.
public struct AppDefinition: Sendable {
    public var name: String
    public var summary: String
    /// The variant used when none is given (`fixed`).
    public var defaultVariant: String
    public var variants: [VariantInfo]
    public var scenarios: [any AppScenario]
    /// The canonical spelling of a variant name (so a repro command always spells a defect
    /// combination the same way), or nil when the app has no such variant.
    public var canonicalVariant: @Sendable (String) -> String?
    /// Per defect, the scenario and seed range in which it must be caught (the defect-catch
    /// matrix test runs them).
    public var defectCatches: [DefectCatch] = []
    /// Defects no scenario catches yet, with the reason (the matrix test requires every defect
    /// to be in one of the two lists).
    public var knownUncaught: [String: String] = [:]
    /// The app's README, relative to the package root, whose defect table `simrun defects --write`
    /// rewrites and the defect-catch matrix test checks (nil: the app has none).
    public var readme: String?

    /// An app whose variants are exactly `variants`, or several of them joined with `+`.
    public init(name: String, summary: String, defaultVariant: String, variants: [VariantInfo], scenarios: [any AppScenario]) {
        self.name = name
        self.summary = summary
        self.defaultVariant = defaultVariant
        self.variants = variants
        self.scenarios = scenarios
        let known = variants.map(\.name)
        canonicalVariant = { text in
            if known.contains(text) { return text }
            let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            return parts.count > 1 && parts.allSatisfy(known.contains) ? text : nil
        }
    }

    /// An app whose variants are `Variant<Defect>`: `fixed` (the default), `as-written`, and each
    /// defect alone (any `+`-combination is accepted too).
    public init<Defect: AppDefect>(name: String, summary: String, fixedSummary: String, defects: Defect.Type,
                                   scenarios: [any AppScenario]) {
        self.name = name
        self.summary = summary
        defaultVariant = VariantName.fixed
        variants = [
            VariantInfo(name: VariantName.fixed, summary: fixedSummary + " (default)"),
            VariantInfo(name: VariantName.asWritten, summary: "the plan as written, with every defect (also: seed)"),
        ] + Defect.allCases.map { VariantInfo(name: $0.name, summary: $0.summary, bugIDs: $0.bugZooIds) }
        self.scenarios = scenarios
        canonicalVariant = { try? Variant<Defect>.parse($0).name }
    }
}
