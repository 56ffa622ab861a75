import Foundation
import SimHarness

/// The apps the command line resolves names against (set once by `SimrunCommand.main` before any
/// command runs), plus the hidden `selftest` app when `SIMRUN_SELFTEST=1` (the CLI's own tests
/// use it to exercise run, fuzz, shrink and replay end to end without depending on any app).
enum AppCatalog {
    // Written once on the main thread before dispatch, read-only afterwards (fuzz workers read it).
    nonisolated(unsafe) private static var configured: [AppDefinition] = []
    nonisolated(unsafe) private(set) static var benchmarks: [SimrunBenchmark] = []
    /// The executable's name as repro commands spell it (`simrun`, or a team's `notes-sim`).
    nonisolated(unsafe) private(set) static var commandName = "simrun"

    static func configure(apps: [AppDefinition], benchmarks: [SimrunBenchmark], commandName: String = "simrun") {
        precondition(Set(apps.map(\.name)).count == apps.count, "two apps share a name")
        configured = apps
        self.benchmarks = benchmarks
        self.commandName = commandName
    }

    static var apps: [AppDefinition] {
        var apps = configured
        if ProcessInfo.processInfo.environment["SIMRUN_SELFTEST"] == "1" { apps.append(SelfTestApp.definition) }
        return apps
    }

    static func app(named name: String) -> AppDefinition? {
        apps.first { $0.name == name }
    }

    /// Every scenario name, sorted and unique (for suggestions).
    static var scenarioNames: [String] {
        Array(Set(apps.flatMap { $0.scenarios.map(\.name) })).sorted()
    }

    /// Every (app, scenario) pair whose scenario has this name, in catalogue order.
    static func scenarios(named name: String) -> [any AppScenario] {
        apps.flatMap { $0.scenarios.filter { $0.name == name } }
    }
}
