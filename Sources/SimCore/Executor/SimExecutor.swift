/// The task executor of one simulated process (a device incarnation, or the simulator's root).
///
/// `enqueue` only appends the job to the simulator's ready queue, tagged with this executor's
/// slot, so every job is attributed to a device and runs on the thread that called `run`. Tasks
/// started with `Task(executorPreference:)` on it, and everything they call that inherits the
/// preference (default actors, task groups, `async let`), stay inside the simulation.
/// Jobs that arrive from another thread, or after the run, are recorded as escapes, never run.
public final class SimExecutor: TaskExecutor, @unchecked Sendable {
    /// The simulator's slot for this executor (attribution, liveness, job counts).
    let slot: Int
    /// The run's escape log; also this executor's proof of which run it belongs to.
    private let escapeLog: EscapeLog

    init(slot: Int, escapeLog: EscapeLog) {
        self.slot = slot
        self.escapeLog = escapeLog
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        // The simulator is reachable only through the thread that runs it: that thread's marker
        // is set for exactly the duration of `run`, so a match means it is alive and running,
        // with no reference counting on this hot path. Anything else is an escape.
        if let running = EscapeDetector.currentSimulatorReference {
            let accepted = running._withUnsafeGuaranteedRef { simulator in
                guard simulator.escapeLog === escapeLog else { return false }
                simulator.enqueue(unowned, slot: slot)
                return true
            }
            if accepted { return }
        }
        escapeLog.record(.foreignThreadResume)
    }
}
