import Dispatch
import XCTest
@testable import SimCore

@MainActor func mainActorValue() -> Int { 3 }

final class EscapeTests: XCTestCase {
    /// Runs `body` inside a simulation and returns the escapes the run failed with.
    func escapes(_ body: @escaping @Sendable (Simulator) async throws -> Void) -> [Escape]? {
        let sim = Simulator(seed: 40, options: SimulatorOptions(policy: .fifo, stallGraceMilliseconds: 500))
        do {
            try sim.run(body)
            return nil
        } catch SimulationError.escape(let list) {
            return list
        } catch {
            XCTFail("expected an escape, got \(error)")
            return []
        }
    }

    func testUnstructuredTaskIsNamed() {
        let found = escapes { _ in
            let task = Task { 1 }
            _ = await task.value
        }
        XCTAssertEqual(found, [.unstructuredTask])
    }

    func testDetachedTaskIsNamed() {
        let found = escapes { _ in
            let task = Task.detached { 2 }
            _ = await task.value
        }
        XCTAssertEqual(found, [.unstructuredTask])
    }

    func testTaskSleepOnTheRealClockIsNamed() {
        let found = escapes { _ in
            try await Task.sleep(for: .milliseconds(1))
        }
        XCTAssertEqual(found, [.foreignThreadResume])
    }

    func testContinuationResumedFromDispatchIsNamed() {
        let found = escapes { _ in
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // A little later, so the task has certainly suspended: a resume that wins the race
                // against the suspension is enqueued by the simulation's own thread, legitimately.
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { continuation.resume() }
            }
        }
        XCTAssertEqual(found, [.foreignThreadResume])
    }

    func testMainActorHopIsNamed() {
        let found = escapes { _ in
            _ = await mainActorValue()
        }
        XCTAssertNotNil(found)
        XCTAssertTrue(found == [.mainActorHop] || found == [.foreignThreadResume], "\(String(describing: found))")
    }

    func testSimulatorAPICalledFromAnotherThreadIsNamed() {
        let found = escapes { sim in
            let clock = sim.rootClock
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Later, so the task has certainly suspended (a resume that wins the race against
                // the suspension runs inline and is not an escape); and the simulator API call is
                // made before the resume, so it happens while the run is still going.
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                    let called = DispatchSemaphore(value: 0)
                    Task.detached {
                        try? await clock.sleep(until: SimInstant(nanoseconds: 5), tolerance: nil)
                        called.signal()
                    }
                    called.wait()
                    continuation.resume()
                }
            }
        }
        guard let found else { return XCTFail("the run reported no escape") }
        // The API call is always seen; the foreign resume that follows may come after the run
        // has already stopped on the first escape.
        XCTAssertTrue(found.contains(.apiOutsideSimulation(api: "SimClock.sleep")), "\(found)")
    }

    func testStallIsReportedNotHung() {
        let sim = Simulator(seed: 41, options: SimulatorOptions(stallGraceMilliseconds: 1))
        XCTAssertThrowsError(try sim.run { _ in
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }  // never resumed
        }) { error in
            guard case SimulationError.stall = error else { return XCTFail("\(error)") }
        }
    }

    func testEventBudgetStopsARunawayRun() {
        let sim = Simulator(seed: 42, options: SimulatorOptions(maxEvents: 1_000))
        XCTAssertThrowsError(try sim.run { _ in
            while true { await Task.yield() }
        }) { error in
            guard case SimulationError.budgetExhausted(let events, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(events, 1_000)
        }
    }
}
