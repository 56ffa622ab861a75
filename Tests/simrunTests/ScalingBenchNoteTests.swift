@testable import SimrunCLI
import XCTest

/// The scaling table's cost-per-work column and its line for an app whose own work grows faster
/// than its data (issue 45), on made-up measurements.
final class ScalingBenchNoteTests: XCTestCase {
    private func bench(seconds: [Double], events: [Double]) -> ScalingBench {
        ScalingBench(name: "app/scenario", secondsPerSeed: seconds, eventsPerSeed: events, failures: 0)
    }

    func testCostPerWorkIsTheCPURatioOverTheWorkRatio() {
        let result = bench(seconds: [1, 3, 12], events: [100, 400, 800])
        XCTAssertEqual(result.costPerWorkRatio, 1.5, accuracy: 1e-9)
        XCTAssertFalse(result.costPerWorkFlat)
        XCTAssertTrue(bench(seconds: [1, 4, 8], events: [100, 400, 800]).costPerWorkFlat)
        XCTAssertTrue(result.line(sizes: [1, 4, 8]).contains("1.50"))
    }

    func testWorkPastNineAndAHalfTimesAtSizeEightGetsTheSuperlinearLine() {
        let steep = bench(seconds: [1, 5, 13], events: [100, 500, 1_280])
        XCTAssertNotNil(steep.superlinearNote(sizes: [1, 4, 8]))
        XCTAssertTrue(steep.line(sizes: [1, 4, 8]).contains("superlinear requests (app's own growth)"))
        XCTAssertNil(bench(seconds: [1, 5, 9], events: [100, 500, 900]).superlinearNote(sizes: [1, 4, 8]))
        XCTAssertNil(steep.superlinearNote(sizes: [1, 2, 4]), "only size 8 over size 1 is judged")
    }
}
