/// Kills over the whole life of an app, not one phase: on every launch of a device in the fault
/// phase, the kill family decides whether this incarnation dies, in which of `phases` (drawn
/// uniformly: a sync push as often as a sign-out) and how many await points into it; the user
/// reopens a killed app `reopenSeconds` later. At most `maxKills` kills per device.
public struct LifeSweep: Sendable, Equatable {
    /// The phases a kill may land in (the names the app's code gives `PhaseProbe.enter`).
    public var phases: [String]
    /// Await points into the phase: a kill lands after 1…`maxJobs` of them.
    public var maxJobs: Int
    /// Kills per device, at most.
    public var maxKills: Int
    /// Seconds before the user reopens the killed app.
    public var reopenSeconds: ClosedRange<Int>

    public init(phases: [String], maxJobs: Int = 40, maxKills: Int = 3, reopenSeconds: ClosedRange<Int> = 1...30) {
        precondition(!phases.isEmpty && maxJobs > 0 && maxKills > 0, "a sweep needs phases, jobs and kills")
        self.phases = phases
        self.maxJobs = maxJobs
        self.maxKills = maxKills
        self.reopenSeconds = reopenSeconds
    }
}
