import AppPorts
import SimCore
@testable import SimHarness
import XCTest

/// `DeviceCoordinatedFileStore` with `ioMicroseconds`: each operation takes virtual time, so a
/// second process on the device can write a file between the first one's read and its write.

/// Process A reads the file, then writes what it read plus "A"; process B writes "B" meanwhile.
/// Returns the file's final text.
private func readThenWrite(latency: ClosedRange<Int>?) throws -> (text: String, elapsed: Int64) {
    let sim = Simulator(seed: 1)
    let device = sim.addDevice("phone")
    device.files.write("f", Array("0".utf8))
    try sim.run { _ in
        device.launch { context in
            let files = DeviceCoordinatedFileStore(context, ioMicroseconds: latency)
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    let read = (try? await files.read("f")) ?? []
                    try? await files.write("f", read + Array("A".utf8))
                }
                group.addTask { try? await files.write("f", Array("B".utf8)) }
            }
        }
        await device.waitUntilStopped()
    }
    return (String(decoding: device.files.read("f") ?? [], as: UTF8.self), sim.now.nanoseconds)
}

final class DeviceFileLatencyTests: XCTestCase {
    func testWithoutLatencyOperationsTakeNoTime() throws {
        let result = try readThenWrite(latency: nil)
        XCTAssertEqual(result.elapsed, 0, "file operations without latency must not advance virtual time")
    }

    func testWithLatencyASecondWriterLandsBetweenAReadAndTheNextWrite() throws {
        // A reads at 1 ms; B writes at 1 ms (after A's read); A writes at 2 ms over B's write.
        let result = try readThenWrite(latency: 1_000...1_000)
        XCTAssertEqual(result.elapsed, 2_000_000)
        XCTAssertEqual(result.text, "0A", "B's write landed between A's read and A's write and was overwritten")
    }
}
