/// The task executor of one simulated process (a device incarnation, or the simulator's root).
///
/// `enqueue` only appends the job to the simulator's ready queue, tagged with this executor's
/// slot, so every job is attributed to a device and runs on the thread that called `run`. Tasks
/// started with `Task(executorPreference:)` on it, and everything they call that inherits the
/// preference (default actors, task groups, `async let`), stay inside the simulation.
/// Jobs that arrive from another thread are parked and reported, never run.
public final class SimExecutor: TaskExecutor, @unchecked Sendable {
    /// The simulator's slot for this executor (attribution, liveness, job counts).
    let slot: Int
    /// Held weakly: an escaped job may come back after the run has ended.
    private weak var simulator: Simulator?

    init(slot: Int, simulator: Simulator) {
        self.slot = slot
        self.simulator = simulator
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        guard let simulator else { return }  // the run is over and gone: drop
        simulator.enqueue(unowned, slot: slot)
    }
}
