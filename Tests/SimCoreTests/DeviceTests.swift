import XCTest
@testable import SimCore

final class DeviceTests: XCTestCase {
    /// The app writes a flushed key, an unflushed key and a file, then awaits forever in steps.
    static func app(_ context: DeviceContext) async {
        let launches = (context.defaultsValue(forKey: "launches")?.intValue ?? 0) + 1
        try? context.setDefaultsValue(.int(launches), forKey: "launches")
        try? context.synchronizeDefaults()
        try? context.setDefaultsValue("lost unless flushed", forKey: "unflushed")
        try? context.writeFile("data.json", Array("launch \(launches)".utf8))
        context.record("app ready launches=\(launches)")
        for step in 0..<100 {
            try? context.setDefaultsValue(.int(Int64(step)), forKey: "step")
            await Task.yield()
        }
    }

    func testKillAtAwaitPointDropsPendingWorkAndKeepsOnlyFlushedWrites() throws {
        let sim = Simulator(seed: 21, options: SimulatorOptions(policy: .fifo, recordTrace: true))
        let device = sim.addDevice("device-1", config: DeviceConfig(flushDelayMilliseconds: 5_000...5_000))
        try sim.run { sim in
            device.launch(DeviceTests.app)
            device.killAfter(jobs: 10)
            await device.waitUntilStopped()
            XCTAssertEqual(device.state, .killed)
            XCTAssertEqual(device.jobsThisIncarnation, 10)
            await sim.sleep(for: .seconds(60))
            XCTAssertEqual(device.jobsThisIncarnation, 10, "no job of the killed incarnation ran after the kill")
        }
        XCTAssertEqual(device.defaults.durable["launches"], .int(1))
        XCTAssertNil(device.defaults.durable["unflushed"], "an unflushed write survived a kill")
        XCTAssertNil(device.defaults.value(forKey: "step"), "unflushed step counter survived")
        XCTAssertEqual(device.files.read("data.json"), Array("launch 1".utf8))
        XCTAssertTrue(sim.trace.records.contains { $0.event.hasPrefix("kill #1 at await point 10") })
    }

    /// Kill observers compose: a second one (a script counting kills) never replaces the first
    /// (the kill sweep's reopen); both run after every kill, in the order they were added.
    func testKillObserversComposeInTheOrderTheyWereAdded() throws {
        let sim = Simulator(seed: 23, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("device-1")
        let seen = KillLog()
        device.onKill { device in seen.append("reopen \(device.name) after kill \(device.kills)") }
        device.onKill { device in seen.append("count \(device.kills)") }
        try sim.run { _ in
            for _ in 0..<2 {
                device.launch(DeviceTests.app)
                device.killAfter(jobs: 5)
                await device.waitUntilStopped()
            }
        }
        XCTAssertEqual(seen.entries, ["reopen device-1 after kill 1", "count 1", "reopen device-1 after kill 2", "count 2"])
    }

    func testRelaunchResumesFromDurableState() throws {
        let sim = Simulator(seed: 22, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("device-1")
        try sim.run { sim in
            device.launch(DeviceTests.app)
            device.killAfter(jobs: 5)
            await device.waitUntilStopped()
            device.relaunch()
            await device.waitUntilStopped()
        }
        XCTAssertEqual(device.incarnation, 2)
        XCTAssertEqual(device.state, .exited)
        XCTAssertEqual(device.defaults.value(forKey: "launches"), .int(2))
        XCTAssertEqual(device.files.read("data.json"), Array("launch 2".utf8))
    }

    func testLazyFlushMakesWritesDurableAfterTheDelay() throws {
        let sim = Simulator(seed: 23, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("device-1", config: DeviceConfig(flushDelayMilliseconds: 1_000...1_000))
        try sim.run { sim in
            device.launch { context in try? context.setDefaultsValue("v", forKey: "k") }
            await device.waitUntilStopped()
            XCTAssertNil(device.defaults.durable["k"])
            await sim.sleep(for: .seconds(2))
        }
        XCTAssertEqual(device.defaults.durable["k"], "v")
    }

    func testKilledIncarnationCannotWrite() throws {
        let sim = Simulator(seed: 24, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("device-1")
        let refused = try sim.run { _ in
            device.launch { _ in }
            await device.waitUntilStopped()
            let old = device.context!
            device.kill()
            do { try old.writeFile("x", [1]); return false } catch is DeviceKilledError { return true }
        }
        XCTAssertTrue(refused)
        XCTAssertNil(device.files.read("x"))
    }

    func testWallClockCarriesSkewAndOffset() throws {
        let sim = Simulator(seed: 25)
        let device = sim.addDevice("device-1", config: DeviceConfig(utcOffsetSeconds: 50_400, clockSkewMilliseconds: -1_500))
        let wall = try sim.run { sim in
            device.launch { _ in }
            try await sim.rootClock.sleep(until: SimInstant(nanoseconds: 2_000_000_000), tolerance: nil)
            return (device.context!.wallClockMilliseconds(), device.context!.utcOffsetSeconds)
        }
        XCTAssertEqual(wall.0, 1_768_435_200_000 + 2_000 - 1_500)
        XCTAssertEqual(wall.1, 50_400)
    }
}

/// A log the kill observers append to (they run on the simulator's thread, one at a time).
final class KillLog: @unchecked Sendable {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}
