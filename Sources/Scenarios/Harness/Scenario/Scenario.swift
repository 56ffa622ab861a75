import AppPorts
import SimCore

/// A scenario of any app: a workload (the script, run against the app's stage), a fault policy
/// over the seed's swarm plan, the app's healing and the app's checks. FoundationDB composes its
/// simulation tests the same way; each part is small enough to read on one screen.
public struct Scenario<App: ScenarioApp>: AppScenario, HarnessOwnedScenario {
    public let name: String
    public let summary: String
    /// What the scenario does to the seed's swarm plan (families the app does not list are off too).
    public var faults: FaultPolicy
    /// The app's set-up choices for this scenario.
    public var options: App.Options
    /// The workload: sets up accounts and devices on the stage, drives the users, injects the
    /// scenario's own faults. Healing and the checks follow it.
    public let script: @Sendable (App.Stage) async -> Void
    /// The `sometimes` marks every campaign of this scenario must reach (`fuzz --require-coverage`).
    public var coverageMarks: [String]

    public var app: String { App.name }
    public var faultFamilies: [FaultFamily] { App.faultFamilies }
    public var invariants: [String] { App.invariants }

    public func ledgerOperations(in history: History) -> Int { OperationLedger<App.Action>(history: history).count }

    public init(name: String, summary: String, faults: FaultPolicy = FaultPolicy(), options: App.Options = App.defaultOptions,
                coverageMarks: [String] = [], script: @escaping @Sendable (App.Stage) async -> Void) {
        precondition(faults.forced.keys.allSatisfy(App.faultFamilies.contains), "\(name) forces a fault family \(App.name) does not list")
        self.coverageMarks = coverageMarks
        self.name = name
        self.summary = summary
        self.faults = faults
        self.options = options
        self.script = script
    }

    public func execute(in sim: Simulator, variant name: String, size: Int) throws -> [Violation] {
        let variant = try Variant<App.Defect>.parse(name)
        faults.limited(to: App.faultFamilies).apply(to: sim.faults)
        let stage = App.makeStage(sim, variant: variant, size: size, options: options)
        let script = self.script
        let healing = try sim.run { sim in
            await script(stage)
            return await App.healing(stage).run(in: sim)
        }
        let reference = App.reference(stage, healing: healing)
        return App.check(stage, healing: healing, reference: reference, history: sim.history)
    }
}

/// A scenario whose healing, fault families and checks the harness owns (`Scenario<App>`): the
/// catalogue test holds every built-in scenario to it.
public protocol HarnessOwnedScenario: AppScenario {
    /// The fault families the scenario's app can meet; every other family is off in its runs.
    var faultFamilies: [FaultFamily] { get }
    /// How many operations of the app's ledger (`ScenarioApp.Action`) a run's history holds.
    func ledgerOperations(in history: History) -> Int
}
