import Foundation

/// Wall-clock helpers used only to *detect* escapes at a stall; they never influence a run
/// that passes.
enum MainQueueProbe {
    /// Sleeps one real millisecond (allowed: escape detection waits for foreign threads).
    static func sleepOneMillisecond() {
        usleep(1_000)
    }

    /// Lets the main queue run for a moment, so a job that hopped to `@MainActor` shows itself
    /// (its code then calls into the simulator or re-enqueues, and is recorded as a main-actor hop).
    static func drainBriefly() {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.02))  // wall-clock: detection only
    }
}
