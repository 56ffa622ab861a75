import XCTest
import SimCore
@testable import Scenarios

final class SwissCoinScenarioTests: XCTestCase {
    func report(_ scenario: any AppScenario, _ variant: String, _ seed: UInt64, size: Int = 1) -> RunReport {
        var runner = ScenarioRunner()
        runner.size = size
        return runner.run(scenario, variant: variant, seed: seed)
    }

    func testFixedPassesEveryScenarioForTheFirstSeeds() {
        for scenario in SwissCoinApp.scenarios {
            for seed in UInt64(1)...5 {
                let result = report(scenario, "fixed", seed)
                XCTAssertEqual(result.outcome, .pass, "\(scenario.name) seed \(seed): \(result.outcome.violations.map(\.description).joined(separator: "\n")) \(result.outcome)")
            }
        }
    }
}
