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

    /// The phases a kill may land in, with their weights and await-point bounds (no idle window:
    /// a sweep decides each launch's kill when the app enters its first phase).
    public var table: KillPhases
    /// Kills per device, at most.
    public var maxKills: Int
    /// Seconds before the user reopens the killed app.
    public var reopenSeconds: ClosedRange<Int>
    /// Responses into the phase a response kill may wait for (0: no response kills).
    public var maxResponses: Int
    /// How the await points into the phase are drawn.
    public var depth: Depth

    /// A sweep over `phases` drawn uniformly, each with await points 1…`maxJobs`.
    public init(phases: [String], maxJobs: Int = 40, maxKills: Int = 3, reopenSeconds: ClosedRange<Int> = 1...30, maxResponses: Int = 0,
                depth: Depth = .uniform) {
        precondition(!phases.isEmpty && maxJobs > 0, "a sweep needs phases and await points")
        self.init(.uniform(phases, maxJobs: maxJobs), maxKills: maxKills, reopenSeconds: reopenSeconds, maxResponses: maxResponses, depth: depth)
    }

    /// A sweep over the app's kill table (weighted phases, a bound per phase).
    public init(_ table: KillPhases, maxKills: Int = 3, reopenSeconds: ClosedRange<Int> = 1...30, maxResponses: Int = 0, depth: Depth = .uniform) {
        precondition(!table.phases.isEmpty && table.idleWeight == 0, "a sweep needs phases and has no idle window")
        precondition(maxKills > 0 && maxResponses >= 0, "a sweep needs kills")
        self.table = table
        self.maxKills = maxKills
        self.reopenSeconds = reopenSeconds
        self.maxResponses = maxResponses
        self.depth = depth
    }

    /// The phases' names.
    public var phases: [String] { table.names }

    /// A kill point drawn from `random`: a phase by weight, then await points into it (or, with
    /// response kills, in half the draws a response into it). A uniform table draws its phase
    /// with one `below(count)`, as the sweep always did.
    public func drawPoint(_ random: inout SimRandom) -> KillPoint {
        guard let phase = table.drawPhase(&random) else { preconditionFailure("a sweep's table has no idle window") }
        if maxResponses > 0, random.below(2) == 0 { return .atResponse(phase.name, nth: 1 + random.below(maxResponses)) }
        return .inPhase(phase.name, jobs: depth.drawJobs(&random, upTo: phase.maxJobs))
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
