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
    /// The checks at quiescence.
    static func check(_ stage: Stage, healing: HealingOutcome, history: History) -> [Violation]
}
