import Foundation
import XCTest
import LedgerWorkload
@testable import SimCore

/// The environment variable that turns `DeterminismChildTests` into a child process printing
/// one run's trace hash.
let determinismChildSeed = "SIMCORE_DETERMINISM_CHILD_SEED"

/// A busy run: three devices, swarm faults, kills, random ready order.
func determinismWorkloadHash(seed: UInt64) throws -> UInt64 {
    try UploadWorkload(devices: 3, itemsPerDevice: 30, killsPerDevice: 1)
        .run(seed: seed, options: SimulatorOptions(policy: .random))
        .traceHash
}

final class DeterminismChildTests: XCTestCase {
    func testPrintTraceHashForParent() throws {
        guard let text = ProcessInfo.processInfo.environment[determinismChildSeed], let seed = UInt64(text) else {
            throw XCTSkip("runs only as a child of DeterminismTests")
        }
        print("TRACEHASH=\(try determinismWorkloadHash(seed: seed))")
    }
}

final class DeterminismTests: XCTestCase {
    func testSameSeedSameHashInProcessAndDifferentSeedsDiffer() throws {
        let a = try determinismWorkloadHash(seed: 5)
        XCTAssertEqual(a, try determinismWorkloadHash(seed: 5))
        XCTAssertNotEqual(a, try determinismWorkloadHash(seed: 6))
    }

    func testWorkloadIsExactUnderFaultsWithIdempotencyKeys() throws {
        for seed in UInt64(0)..<20 {
            let result = try UploadWorkload(devices: 3, itemsPerDevice: 20, killsPerDevice: 2).run(seed: seed)
            XCTAssertEqual(result.serverTotal, result.expectedTotal, "seed \(seed)")
        }
    }

    func testSameSeedSameHashInTwoSeparateProcesses() throws {
        let seed: UInt64 = 1_234
        let first = try childHash(seed: seed)
        let second = try childHash(seed: seed)
        XCTAssertEqual(first, second, "two processes disagree on seed \(seed)")
        XCTAssertEqual(first, try determinismWorkloadHash(seed: seed), "the child disagrees with this process")
        XCTAssertNotEqual(try childHash(seed: seed + 1), first)
    }

    /// Runs this test binary again, as a child running only the child test, and reads its hash.
    func childHash(seed: UInt64) throws -> UInt64 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["SimCoreTests.DeterminismChildTests/testPrintTraceHashForParent"]
        var environment = ProcessInfo.processInfo.environment
        environment[determinismChildSeed] = String(seed)
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("TRACEHASH=") }),
              let hash = UInt64(line.dropFirst("TRACEHASH=".count))
        else {
            XCTFail("the child printed no hash: \(output.suffix(500))")
            return 0
        }
        return hash
    }
}
