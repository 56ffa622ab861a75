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
    /// Per-scenario set-up choices (token lifetimes, which providers a seed may draw; Void: none).
    associatedtype Options: Sendable = Void
    /// What the reference phase produces for the checks (Void: the app asks for none).
    associatedtype Reference = Void
    /// What healing brings to rest one at a time (a device, or one user's plan on a device).
    associatedtype HealedMember = Device
    /// The action of the app's operation ledger: what the harness records in the run's history
    /// when it hands a user's action to the app (`DeviceContext.begin(_:_:epoch:)`), and the
    /// checks read back as `OperationLedger<Action>` — acknowledged, failed or indeterminate, per
    /// device, in order, with epochs.
    associatedtype Action: Sendable

    /// The app's name on the command line.
    static var name: String { get }
    /// The invariants every scenario of the app checks, in report order.
    static var invariants: [String] { get }
    /// The fault families the app can meet. Every other family is off in all its scenarios, so a
    /// family added to the kernel reaches no app until the app lists it here.
    static var faultFamilies: [FaultFamily] { get }
    /// The options a scenario has unless it says otherwise.
    static var defaultOptions: Options { get }

    /// The cast of one run (before the simulation starts; draws from `sim.random` forks only).
    static func makeStage(_ sim: Simulator, variant: Variant<Defect>, size: Int, options: Options) -> Stage
    /// The app's part of the healing phase, which the harness runs after the script (faults off,
    /// apps reopened until they settle, rounds until nothing moves, within bounds): its members,
    /// when one is settled and how one is opened. Asked once the script has run.
    static func healing(_ stage: Stage) -> Healing<HealedMember>
    /// The reference phase, after healing and before the checks: fault-free runs the checks
    /// compare with (idempotent-retry), each in a simulator of its own (`ReferenceRun`), so
    /// nothing reaches the run's trace, fault log or coverage.
    static func reference(_ stage: Stage, healing: HealingOutcome) -> Reference
    /// The checks at quiescence.
    static func check(_ stage: Stage, healing: HealingOutcome, reference: Reference, history: History) -> [Violation]
}

extension ScenarioApp where Options == Void {
    public static var defaultOptions: Void { () }
}

extension ScenarioApp where Reference == Void {
    public static func reference(_ stage: Stage, healing: HealingOutcome) {}
}
