extension Simulator {
    /// A clock for the root task (the scenario driver); it never dies.
    public var rootClock: SimClock { SimClock(simulator: self, slot: 0) }

    /// Sleeps the root task (the scenario driver) for `duration` of virtual time: the pause
    /// between two steps of a script.
    ///
    /// It never throws: a sleep cut short (the root cancelled, or the run torn down after it was
    /// decided) returns early, and so does a call from outside the simulation (during a run that
    /// is recorded as an escape, which fails the run). A negative duration sleeps until now. The
    /// timer it sets is the one `rootClock` sets for the same deadline, so a script that sleeps
    /// this way has the same trace as one that spells the clock call out:
    ///
    /// ```swift
    /// try sim.run { sim in
    ///     phone.launch { context in … }
    ///     await sim.sleep(for: .seconds(20))   // sim.now advanced by exactly 20 s (unless it ended)
    ///     phone.kill()
    /// }
    /// ```
    ///
    /// For a sleep that must end the script when it is cancelled, use
    /// `try await sim.rootClock.sleep(for:)` instead.
    public func sleep(for duration: Duration) async {
        try? await rootClock.sleep(until: now.advanced(by: duration), tolerance: nil)
    }
}
