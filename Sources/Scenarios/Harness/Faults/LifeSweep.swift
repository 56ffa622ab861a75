import SimCore

/// Kills over the whole life of an app, not one phase: on every launch of a device in the fault
/// phase, the kill family decides whether this incarnation dies, in which of `phases` (drawn
/// uniformly: a sync push as often as a sign-out) and how many await points into it; the user
/// reopens a killed app `reopenSeconds` later. At most `maxKills` kills per device. With
/// `maxResponses` > 0, half the kills land instead as the 1…`maxResponses`-th response after the
/// phase began reaches the app (`KillPoint.atResponse`): the server applied the request, the app
/// never learns it did, the window an await-point count rarely hits.
public struct LifeSweep: Sendable, Equatable {
    /// The phases a kill may land in (the names the app's code gives `PhaseProbe.enter`).
    public var phases: [String]
    /// Await points into the phase: a kill lands after 1…`maxJobs` of them.
    public var maxJobs: Int
    /// Kills per device, at most.
    public var maxKills: Int
    /// Seconds before the user reopens the killed app.
    public var reopenSeconds: ClosedRange<Int>
    /// Responses into the phase a response kill may wait for (0: no response kills).
    public var maxResponses: Int

    public init(phases: [String], maxJobs: Int = 40, maxKills: Int = 3, reopenSeconds: ClosedRange<Int> = 1...30, maxResponses: Int = 0) {
        precondition(!phases.isEmpty && maxJobs > 0 && maxKills > 0 && maxResponses >= 0, "a sweep needs phases, jobs and kills")
        self.phases = phases
        self.maxJobs = maxJobs
        self.maxKills = maxKills
        self.reopenSeconds = reopenSeconds
        self.maxResponses = maxResponses
    }

    /// A kill point drawn from `random`: a phase, then await points into it (or, with response
    /// kills, in half the draws a response into it). Without response kills the draws are the
    /// same as they always were.
    public func drawPoint(_ random: inout SimRandom) -> KillPoint {
        let phase = phases[random.below(phases.count)]
        if maxResponses > 0, random.below(2) == 0 { return .atResponse(phase, nth: 1 + random.below(maxResponses)) }
        return .inPhase(phase, jobs: 1 + random.below(maxJobs))
    }
}
