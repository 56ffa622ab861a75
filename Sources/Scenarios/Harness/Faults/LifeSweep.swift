import SimCore

/// Kills over the whole life of an app, not one phase: on every launch of a device in the fault
/// phase, the kill family decides whether this incarnation dies, in which of `phases` (drawn
/// uniformly: a sync push as often as a sign-out) and how many await points into it; the user
/// reopens a killed app `reopenSeconds` later. At most `maxKills` kills per device. With
/// `maxResponses` > 0, half the kills land instead as the 1…`maxResponses`-th response after the
/// phase began reaches the app (`KillPoint.atResponse`): the server applied the request, the app
/// never learns it did, the window an await-point count rarely hits.
public struct LifeSweep: Sendable, Equatable {
    /// How deep into its phase a kill lands (how many await points after the phase began).
    public enum Depth: Sendable, Equatable {
        /// 1…`maxJobs` uniformly: a kill lands within a phase's first three await points in 3 of
        /// `maxJobs` draws, so a phase that short (a sign-out, a store switch) is rarely killed
        /// inside itself: the kill lands in whatever the app does next.
        case uniform
        /// Half the draws uniform, half log-uniform over 1…`maxJobs` (every power-of-two range
        /// 1, 1–2, 1–4, … as likely as the next): for 40, a kill lands within the first three
        /// await points about four times as often as uniformly (0.29 against 0.075), and a long
        /// phase's deep await points still come up.
        case mixed

        /// Await points into a phase, 1…`maxJobs`, drawn as this depth says.
        public func drawJobs(_ random: inout SimRandom, upTo maxJobs: Int) -> Int {
            precondition(maxJobs > 0, "at least one await point")
            switch self {
            case .uniform: return 1 + random.below(maxJobs)
            case .mixed: return random.below(2) == 0 ? 1 + random.below(maxJobs) : LifeSweep.logUniform(&random, upTo: maxJobs)
            }
        }
    }

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
    /// How the await points into the phase are drawn.
    public var depth: Depth

    public init(phases: [String], maxJobs: Int = 40, maxKills: Int = 3, reopenSeconds: ClosedRange<Int> = 1...30, maxResponses: Int = 0,
                depth: Depth = .uniform) {
        precondition(!phases.isEmpty && maxJobs > 0 && maxKills > 0 && maxResponses >= 0, "a sweep needs phases, jobs and kills")
        self.phases = phases
        self.maxJobs = maxJobs
        self.maxKills = maxKills
        self.reopenSeconds = reopenSeconds
        self.maxResponses = maxResponses
        self.depth = depth
    }

    /// A kill point drawn from `random`: a phase, then await points into it (or, with response
    /// kills, in half the draws a response into it). Without response kills and with `.uniform`
    /// depth the draws are the same as they always were.
    public func drawPoint(_ random: inout SimRandom) -> KillPoint {
        let phase = phases[random.below(phases.count)]
        if maxResponses > 0, random.below(2) == 0 { return .atResponse(phase, nth: 1 + random.below(maxResponses)) }
        return .inPhase(phase, jobs: depth.drawJobs(&random, upTo: maxJobs))
    }

    /// 1…`bound`, log-uniformly: a power of two `p` up to the first at or above `bound` is drawn
    /// uniformly, then 1…min(p, bound) uniformly (for 40: 1, 1–2, 1–4, …, 1–32, 1–40).
    static func logUniform(_ random: inout SimRandom, upTo bound: Int) -> Int {
        precondition(bound > 0, "at least one await point")
        var powers = 1  // how many of 1, 2, 4, … are needed to reach `bound`
        while 1 << (powers - 1) < bound { powers += 1 }
        let range = min(1 << random.below(powers), bound)
        let jobs = 1 + random.below(range)
        assert((1...bound).contains(jobs), "a log-uniform draw stays within 1…bound")
        return jobs
    }
}
