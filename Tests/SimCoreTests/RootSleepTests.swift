import XCTest
@testable import SimCore

final class RootSleepTests: XCTestCase {
    func testSleepForAdvancesVirtualTimeByExactlyTheDuration() throws {
        let sim = Simulator(seed: 41)
        let times = try sim.run { sim in
            var times: [Int64] = [sim.now.nanoseconds]
            for duration: Duration in [.milliseconds(1_500), .nanoseconds(1), .zero, .seconds(-3), .seconds(20)] {
                await sim.sleep(for: duration)
                times.append(sim.now.nanoseconds)
            }
            return times
        }
        XCTAssertEqual(times, [0, 1_500_000_000, 1_500_000_001, 1_500_000_001, 1_500_000_001, 21_500_000_001],
                       "each sleep moved time by its duration (zero and negative: not at all)")
        XCTAssertEqual(sim.now, SimInstant(nanoseconds: 21_500_000_001))
    }

    func testSleepForSleepsFromNowWhileOtherTimersFireOnTheWay() throws {
        let sim = Simulator(seed: 42)
        let woke = try sim.run { sim in
            var fired: [Int64] = []
            sim.schedule(after: .milliseconds(300)) { fired.append(sim.now.nanoseconds) }
            sim.schedule(after: .seconds(5)) { fired.append(sim.now.nanoseconds) }
            await sim.sleep(for: .seconds(1))
            return (sim.now.nanoseconds, fired)
        }
        XCTAssertEqual(woke.0, 1_000_000_000, "woke at exactly 1 s, not at the next timer")
        XCTAssertEqual(woke.1, [300_000_000], "the earlier timer fired on the way, the later one did not")
    }

    /// The trace of a script that sleeps with `sim.sleep(for:)` is the trace of the same script
    /// spelling the clock call out: same timer, same insertion order.
    func testSleepForHasTheTraceOfTheSpelledOutClockCall() throws {
        for seed in UInt64(1)...5 {
            let short = try Self.killAndRelaunch(seed: seed) { sim, duration in await sim.sleep(for: duration) }
            let spelled = try Self.killAndRelaunch(seed: seed) { sim, duration in
                try? await sim.rootClock.sleep(until: sim.now.advanced(by: duration), tolerance: nil)
            }
            XCTAssertEqual(short.hash, spelled.hash, "seed \(seed)")
            XCTAssertEqual(short.events, spelled.events, "seed \(seed)")
            XCTAssertEqual(short.now, spelled.now, "seed \(seed)")
        }
    }

    func testSleepForOutsideTheSimulationReturnsAtOnce() async {
        let sim = Simulator(seed: 43)
        await sim.sleep(for: .seconds(5))
        XCTAssertEqual(sim.now, .zero)
    }

    /// A device writing defaults and sleeping on its own clock; the root sleeps between a kill
    /// and a relaunch with `pause`.
    static func killAndRelaunch(
        seed: UInt64, pause: @escaping @Sendable (Simulator, Duration) async -> Void
    ) throws -> (hash: UInt64, events: Int, now: SimInstant) {
        let sim = Simulator(seed: seed)
        let device = sim.addDevice("device-1")
        try sim.run { sim in
            device.launch { context in
                for step in 0..<20 {
                    try? context.setDefaultsValue(.int(Int64(step)), forKey: "step")
                    try? await context.sleep(for: .milliseconds(Int64(100 + context.randomBelow(400))))
                }
            }
            await pause(sim, .milliseconds(1_250))
            device.kill()
            await pause(sim, .seconds(2))
            device.relaunch()
            await pause(sim, .milliseconds(700))
            sim.beginHealing()
            await device.waitUntilStopped()
        }
        return (sim.trace.hash, sim.events, sim.now)
    }
}
