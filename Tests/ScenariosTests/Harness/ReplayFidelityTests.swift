import Scenarios
import SimCore
import SimHarness
import XCTest

/// A replay of a run's whole fault schedule is that run again: same trace hash, outcome and
/// events. Parameters a scenario draws outside `decide` (how long before the user reopens a
/// killed app, how many kills) come from the fault families' streams, which a replay advances as
/// the seeded run did.
final class ReplayFidelityTests: XCTestCase {
    func testTheWholeScheduleOfASeededRunReplaysItExactly() {
        // Scenarios with swept kills and reopen delays, scripted kills and steps, storms, buggify.
        let picks = [
            ("swisscoin", "conflicting-edits", "as-written", UInt64(7)), ("swisscoin", "sign-out-during-sync", "fixed", 3),
            ("minuta", "conflict-copies", "fixed", 2), ("swiff", "life-after-upgrade", "fixed", 4),
            ("infinitestories", "edits-with-kills", "fixed", 5), ("infinitestories", "rollback-after-failure", "fixed", 6),
            ("cryptosavings", "account-switch", "fixed", 13), ("cryptosavings", "account-switch-while-running", "as-written", 2),
        ]
        var checked = 0
        for (appName, name, variant, seed) in picks {
            guard let app = Catalog.app(named: appName), let scenario = app.scenarios.first(where: { $0.name == name }) else {
                XCTFail("no \(appName)/\(name)")
                continue
            }
            var runner = ScenarioRunner()
            runner.size = 0
            let seeded = runner.run(scenario, variant: variant, seed: seed)
            runner.faultSource = .schedule(FaultSchedule(seeded.injectedFaults))
            let replayed = runner.run(scenario, variant: variant, seed: seed)
            XCTAssertEqual(replayed.traceHash, seeded.traceHash, "\(appName)/\(name) seed \(seed)")
            XCTAssertEqual(replayed.events, seeded.events, "\(appName)/\(name) seed \(seed)")
            XCTAssertEqual(replayed.outcome.label, seeded.outcome.label, "\(appName)/\(name) seed \(seed)")
            XCTAssertEqual(replayed.injectedFaults.map(\.description), seeded.injectedFaults.map(\.description), "\(appName)/\(name)")
            if !seeded.injectedFaults.isEmpty { checked += 1 }
        }
        XCTAssertGreaterThanOrEqual(checked, 6, "most picks inject faults")
    }
}
