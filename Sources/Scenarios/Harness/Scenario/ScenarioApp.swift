import AppPorts
import SimCore

/// What an app under test gives the generic `Scenario`: how to set up its cast for one run (the
/// stage: fakes, accounts, devices, ledgers), how to heal it, and its checks. The scenario adds
/// the workload (its script) and its fault policy.
public protocol ScenarioApp: Sendable {
    /// The app's defects (its variants are `Variant<Defect>`).
    associatedtype Defect: AppDefect
    /// One run's cast, shared by the script, healing and the checks.
    associatedtype Stage: Sendable
    /// Per-scenario set-up choices (token lifetimes, which providers a seed may draw).
    associatedtype Options: Sendable
    /// What the reference phase produces for the checks (Void: the app asks for none).
    associatedtype Reference = Void

    /// The app's name on the command line.
    static var name: String { get }
    /// The invariants every scenario of the app checks, in report order.
    static var invariants: [String] { get }
    /// Fault families the app can never meet (turned off in every scenario).
    static var absentFaultFamilies: [FaultFamily] { get }
    /// The options a scenario has unless it says otherwise.
    static var defaultOptions: Options { get }

    /// The cast of one run (before the simulation starts; draws from `sim.random` forks only).
    static func makeStage(_ sim: Simulator, variant: Variant<Defect>, size: Int, options: Options) -> Stage
    /// The healing phase (faults off, devices relaunched until they settle, within bounds).
    static func heal(_ stage: Stage) async -> HealingOutcome
    /// The reference phase, after healing and before the checks: fault-free runs the checks
    /// compare with (idempotent-retry), each in a simulator of its own (`ReferenceRun`), so
    /// nothing reaches the run's trace, fault log or coverage.
    static func reference(_ stage: Stage, healing: HealingOutcome) -> Reference
    /// The checks at quiescence.
    static func check(_ stage: Stage, healing: HealingOutcome, reference: Reference, history: History) -> [Violation]
}

extension ScenarioApp where Reference == Void {
    public static func reference(_ stage: Stage, healing: HealingOutcome) {}
}
