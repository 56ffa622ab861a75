import XCTest
@testable import SimCore

/// A finished run must free its simulator, whatever the app under test kept: a fuzz runs thousands
/// of seeds in one process, and a run that keeps itself alive leaks its devices, stores and trace.
final class RunLifetimeTests: XCTestCase {
    /// What a scenario harness typically is: an object the app keeps, that keeps the simulator.
    final class Harness: @unchecked Sendable {
        let sim: Simulator
        init(sim: Simulator) { self.sim = sim }
    }

    func testARunWhoseAppKeepsItsHarnessIsFreedOnceOver() throws {
        weak var watched: Simulator?
        try {
            let sim = Simulator(seed: 5, options: SimulatorOptions(policy: .fifo))
            watched = sim
            let harness = Harness(sim: sim)
            let device = sim.addDevice("device-1")
            try sim.run { _ in
                // The entry point (kept by the device for relaunches) holds the harness, which
                // holds the simulator, which holds the device.
                device.launch { context in
                    context.record("harness seed \(harness.sim.seed)")
                    await Task.yield()
                }
                await device.waitUntilStopped()
                device.relaunch()
                await device.waitUntilStopped()
            }
            XCTAssertEqual(device.incarnation, 2)
        }()
        XCTAssertNil(watched, "the simulator outlived its run: something it holds keeps it alive")
    }
}
