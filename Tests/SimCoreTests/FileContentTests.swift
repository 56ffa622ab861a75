import XCTest
@testable import SimCore

/// A deferred file holds a saved value; its bytes are made once, on the first read, and are the
/// file's bytes from then on. Writes stay whole-file and atomic, and a killed app cannot write.
final class FileContentTests: XCTestCase {
    func testDeferredBytesAreMadeOnceOnTheFirstReadOnly() {
        let files = FileStore()
        var made = 0
        let content = FileContent(deferring: { made += 1; return Array("saved".utf8) })
        files.write("store.json", content)
        XCTAssertTrue(files.contains("store.json"))
        XCTAssertTrue(files.content("store.json") === content, "the writer finds its own write")
        XCTAssertEqual(made, 0, "nobody read the file yet")
        XCTAssertFalse(content.isMade)
        XCTAssertEqual(files.read("store.json"), Array("saved".utf8))
        XCTAssertEqual(files.read("store.json"), Array("saved".utf8))
        XCTAssertEqual(made, 1, "the bytes are made once")
        XCTAssertTrue(content.isMade)
        XCTAssertEqual(files.writes, 1)
    }

    func testChangesCountWritesAndRemovalsButNotReadsOrAFailedRemove() {
        let files = FileStore()
        files.write("a", [1])
        files.write("a", [2])
        _ = files.read("a")
        XCTAssertFalse(files.remove("missing"))
        XCTAssertEqual(files.changes, 2)
        XCTAssertTrue(files.remove("a"))
        XCTAssertEqual(files.changes, 3)
        XCTAssertEqual(files.writes, 2)
    }

    func testALaterWriteReplacesADeferredContentWholeAndItsBytesAreNeverMade() {
        let files = FileStore()
        var made = 0
        let first = FileContent(deferring: { made += 1; return [1] })
        files.write("f", first)
        files.write("f", [2, 3])
        XCTAssertFalse(files.content("f") === first, "the first write is gone")
        XCTAssertEqual(files.read("f"), [2, 3])
        XCTAssertEqual(made, 0, "a replaced deferred content is never read")
        XCTAssertTrue(files.remove("f"))
        XCTAssertFalse(files.contains("f"))
        XCTAssertNil(files.read("f"))
    }

    func testAKilledIncarnationCannotWriteADeferredFileAndTheFileKeepsThePreviousWrite() throws {
        let sim = Simulator(seed: 25, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("device-1")
        let (refused, kept) = try sim.run { _ in
            device.launch { context in _ = try? context.writeFile("store", deferring: { [7] }) }
            await device.waitUntilStopped()
            let old = device.context!
            let kept = old.fileContent("store")
            device.kill()
            do { _ = try old.writeFile("store", deferring: { [8] }); return (false, kept) } catch is DeviceKilledError { return (true, kept) }
        }
        XCTAssertTrue(refused)
        XCTAssertNotNil(kept)
        XCTAssertTrue(device.files.content("store") === kept)
        XCTAssertEqual(device.files.read("store"), [7])
    }
}
