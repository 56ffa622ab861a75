import XCTest
import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
@testable import MinutaSim
import Scenarios
@testable import SimHarness
@testable import SwissCoin

/// Scenario-level properties (the CLI's fuzz covers many more seeds in a release build).
final class MinutaScenarioTests: XCTestCase {
    func report(_ scenario: any AppScenario, _ variant: String, _ seed: UInt64) -> RunReport {
        ScenarioRunner().run(scenario, variant: variant, seed: seed)
    }

    func scenario(_ name: String) -> any AppScenario { MinutaApp.scenarios.first { $0.name == name }! }

    func testCatalogueListsMinutaWithEveryScenarioAndDefect() {
        let app = Catalog.app(named: "minuta")
        XCTAssertEqual(app?.scenarios.map(\.name), ["conflict-copies", "shared-folder-overwrite", "conflicting-edits",
                                                    "offline-edits-then-sync", "concurrent-migration", "interrupted-upload",
                                                    "time-zone-and-month-boundary", "concurrent-writers",
                                                    "legacy-store-without-tags"])
        let ids = Set(app?.variants.flatMap(\.bugIDs) ?? [])
        for id in ["MI-1", "MI-3", "MI-4", "MI-6", "MI-9", "MI-12", "MI-13", "MI-15", "MI-16", "MI-22"] { XCTAssertTrue(ids.contains(id), id) }
    }

    func testFixedPassesEveryScenarioForTheFirstSeeds() {
        for scenario in MinutaApp.scenarios {
            for seed in UInt64(1)...2 {
                let result = report(scenario, "fixed", seed)
                XCTAssertEqual(result.outcome, .pass, "\(scenario.name) seed \(seed): \(result.outcome.violations.map(\.description).joined(separator: "\n")) \(result.outcome)")
            }
        }
    }

    func testConcurrentWritersRunsTheAppAndItsIntentsAtOnce() {
        let busy = (UInt64(1)...5).filter { seed in
            report(scenario("concurrent-writers"), "fixed", seed).coverage
                .contains { $0.label == "minuta: two processes busy at once on one device" }
        }
        XCTAssertFalse(busy.isEmpty, "no seed of 1-5 had the app and its App Intents busy at the same time")
    }

    func testKillsNameThePartOfTheAppsLifeTheyLandIn() {
        var phases = Set<String>()
        for name in ["interrupted-upload", "conflict-copies"] {
            for seed in UInt64(1)...4 {
                for mark in report(scenario(name), "fixed", seed).coverage where mark.label.hasPrefix("minuta: killed in ") {
                    phases.insert(String(mark.label.dropFirst("minuta: killed in ".count)))
                }
            }
        }
        XCTAssertTrue(phases.contains("migrate"), "\(phases)")
        XCTAssertTrue(phases.isSubset(of: ["migrate", "resolve-conflicts", "load", "save-record", "update-record",
                                           "delete-record", "save-tags", "intent.start-timer", "intent.stop-timer", "launch"]), "\(phases)")
        XCTAssertGreaterThan(phases.count, 1, "kills land in more than one phase: \(phases)")
    }

    func testSeedVariantFailsConflictCopiesWithinTwentySeeds() {
        let failing = (UInt64(1)...20).first { !report(scenario("conflict-copies"), "seed", $0).outcome.passed }
        XCTAssertNotNil(failing, "the seed variant passed 20 seeds of conflict-copies")
    }

    func testSameSeedSameTraceHash() {
        XCTAssertEqual(report(scenario("conflicting-edits"), "seed", 5).traceHash, report(scenario("conflicting-edits"), "seed", 5).traceHash)
    }
}
