import AppPorts
import Scenarios
import SimCore
import SimHarness
import Swiff
@testable import SwiffSim
import XCTest

/// Scenario-level properties (the CLI's fuzz covers many more seeds in a release build).
final class SwiffScenarioTests: XCTestCase {
    func report(_ scenario: String, _ variant: String, _ seed: UInt64) -> RunReport {
        var runner = ScenarioRunner()
        runner.size = 0
        return runner.run(SwiffApp.scenarios.first { $0.name == scenario }!, variant: variant, seed: seed)
    }

    func testCatalogueListsSwiffWithEveryScenarioAndTheZooIds() {
        let app = Catalog.app(named: "swiff")
        XCTAssertEqual(app?.scenarios.map(\.name), ["schema-upgrade", "interrupted-upgrade", "mixed-version-devices",
                                                    "rollback-after-failure", "duplicates-before-unique", "life-after-upgrade"])
        XCTAssertEqual(Set(app?.variants.flatMap(\.bugIDs) ?? []), ["SW-1", "SW-2", "SW-3", "SW-4", "SW-5", "SW-6", "SW-7", "SW-8", "SW-9", "SW-10"])
        XCTAssertEqual(app?.variants.count, 2 + SwiffDefect.allCases.count)
    }

    func testFixedPassesEveryScenarioForTheFirstSeeds() {
        for scenario in SwiffApp.scenarios {
            for seed in UInt64(1)...3 {
                let result = report(scenario.name, "fixed", seed)
                XCTAssertEqual(result.outcome, .pass, "\(scenario.name) seed \(seed): \(result.outcome.violations.map(\.description))")
            }
        }
    }

    func testAsWrittenFailsSchemaUpgradeWithinTwentySeeds() {
        XCTAssertNotNil((UInt64(1)...20).first { !report("schema-upgrade", "as-written", $0).outcome.passed })
    }

    func testSameSeedSameTraceHash() {
        XCTAssertEqual(report("mixed-version-devices", "as-written", 7).traceHash, report("mixed-version-devices", "as-written", 7).traceHash)
    }

    /// The kill sweep reaches every phase of the upgrade and of later launches within a few seeds.
    func testKillsLandInEveryPhase() {
        var covered: Set<String> = []
        for seed in UInt64(1)...40 {
            for scenario in ["schema-upgrade", "interrupted-upgrade"] {
                covered.formUnion(report(scenario, "fixed", seed).coverage.map(\.label))
            }
        }
        for phase in SwiffKill.migration + ["edit"] {
            XCTAssertTrue(covered.contains("swiff: kill in \(phase)"), "no kill landed in \(phase): \(covered.sorted())")
        }
    }
}
