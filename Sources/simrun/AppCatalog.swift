import Foundation
import Scenarios

/// The apps the command line resolves names against: the harness catalogue, plus the hidden
/// `selftest` app when `SIMRUN_SELFTEST=1` (the CLI's own tests use it to exercise run, fuzz,
/// shrink and replay end to end without depending on any app's scenarios).
enum AppCatalog {
    static var apps: [AppDefinition] {
        var apps = Catalog.apps
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
}
