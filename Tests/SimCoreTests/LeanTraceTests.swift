import XCTest
import LedgerWorkload
@testable import SimCore

/// A simulator without a trace hash (`SimulatorOptions.hashTrace = false`, for runs whose hash
/// nobody reads) runs exactly as with one: only the hash is left out.
final class LeanTraceTests: XCTestCase {
    func testATraceThatDoesNotHashCountsRecordsButNeverBuildsThem() {
        let lean = Trace(hashing: false)
        var built = 0
        lean.record(time: 5, component: "device-1") { text in
            built += 1
            text.append("never")
        }
        lean.record(time: 6, component: "device-1", event: "whole")
        lean.mixChoice(42)
        XCTAssertEqual(lean.recordCount, 2)
        XCTAssertEqual(built, 0, "the event text is not produced")
        XCTAssertEqual(lean.hash, StableHash.offsetBasis)
        XCTAssertFalse(lean.isHashing)
        let hashing = Trace()
        hashing.record(time: 6, component: "device-1", event: "whole")
        XCTAssertNotEqual(hashing.hash, StableHash.offsetBasis, "a hashing trace moves off its start value")
    }

    func testALeanRunEndsInTheSameStateWithTheSameEventsAndTime() throws {
        let workload = UploadWorkload(devices: 3, itemsPerDevice: 40, killsPerDevice: 1)
        for seed: UInt64 in [1, 2, 3] {
            var options = SimulatorOptions()
            let full = try workload.run(seed: seed, options: options)
            options.hashTrace = false
            let lean = try workload.run(seed: seed, options: options)
            XCTAssertEqual(lean.serverTotal, full.serverTotal, "seed \(seed)")
            XCTAssertEqual(lean.applied, full.applied, "seed \(seed)")
            XCTAssertEqual(lean.events, full.events, "seed \(seed)")
            XCTAssertEqual(lean.virtualNanoseconds, full.virtualNanoseconds, "seed \(seed)")
            XCTAssertEqual(lean.traceHash, StableHash.offsetBasis, "seed \(seed)")
            XCTAssertNotEqual(full.traceHash, StableHash.offsetBasis, "seed \(seed)")
        }
    }
}
