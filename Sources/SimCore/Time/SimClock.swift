/// Virtual time as a Swift `Clock`: code under test takes `any Clock<Duration>`, production
/// passes `ContinuousClock()`, the simulation passes this.
///
/// Sleeping registers a timer on the simulator, owned by the sleeping device's incarnation (a
/// kill discards it). Time moves only when nothing is runnable. Cancellation-aware: a cancelled
/// sleep throws `CancellationError` at once.
public struct SimClock: Clock, Sendable {
    public typealias Instant = SimInstant
    public typealias Duration = Swift.Duration

    let simulator: Simulator
    let slot: Int

    init(simulator: Simulator, slot: Int) {
        self.simulator = simulator
        self.slot = slot
    }

    public var now: SimInstant { simulator.now }

    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: SimInstant, tolerance: Duration? = nil) async throws {
        try simulator.checkInside("SimClock.sleep")
        try Task.checkCancellation()
        let sleeper = Sleeper(simulator: simulator)
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                sleeper.begin(continuation, deadline: max(deadline.nanoseconds, simulator.now.nanoseconds), slot: slot)
            }
        } onCancel: {
            sleeper.cancel()
        }
    }
}

/// One suspended sleep: resumed by its timer, by cancellation, or by teardown — exactly once.
/// A sleep cancelled before its deadline leaves its timer dead (dropped unfired).
final class Sleeper: SimWaiter, @unchecked Sendable {
    private let simulator: Simulator
    private var continuation: UnsafeContinuation<Void, any Error>?
    private var cancelledEarly = false

    init(simulator: Simulator) { self.simulator = simulator }

    func begin(_ continuation: UnsafeContinuation<Void, any Error>, deadline: Int64, slot: Int) {
        if cancelledEarly {
            continuation.resume(throwing: CancellationError())
            return
        }
        self.continuation = continuation
        simulator.register(self)
        simulator.schedule(at: deadline, slot: slot, expiring: self)
    }

    func cancel() {
        guard simulator.isInside || simulator.isTearingDown else {
            // Cancelled from another thread: that is an escape; the run fails and teardown resumes us.
            try? simulator.checkInside("Task.cancel of a sleeping simulated task")
            return
        }
        if continuation == nil { cancelledEarly = true } else { finish(CancellationError()) }
    }

    override func abandon() { finish(CancellationError()) }

    override func expire() { finish(nil) }

    private func finish(_ error: (any Error)?) {
        guard let continuation, settle() else { return }
        self.continuation = nil
        simulator.unregister(self)
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
