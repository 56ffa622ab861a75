import SimCore

/// Where in an app's life a kill may land: phases with weights and a bound on the await points
/// into each, and an idle window (the app has exited, the user swipes it away before its
/// UserDefaults flush). The app's own table says which phases matter and how long each is; every
/// kill mechanism of the harness draws from one (`LifeSweep`, `KillInjector.killRepeatedly`).
///
/// Drawing a phase first, then an await point within it, gives a short phase the same weight as a
/// long one: the outcome of a retry depends on which phase was interrupted, not on how many await
/// points each phase has.
public struct KillPhases: Sendable, Equatable {
    /// One phase: the name the app's code gives `PhaseProbe.enter`, its weight among the phases,
    /// and how many await points into it a kill may land (1…`maxJobs`).
    public struct Phase: Sendable, Equatable {
        public var name: String
        public var weight: Int
        public var maxJobs: Int

        public init(_ name: String, weight: Int = 1, maxJobs: Int) {
            precondition(!name.isEmpty && name != "idle", "a phase has a name, and idle is the idle window's")
            precondition(weight > 0 && maxJobs > 0, "a phase has a weight and at least one await point")
            self.name = name
            self.weight = weight
            self.maxJobs = maxJobs
        }
    }

    /// The phases, in the order a draw walks them.
    public var phases: [Phase]
    /// The idle window's weight against the phases (0: no idle kills).
    public var idleWeight: Int
    /// An idle kill lands 0…`idleMilliseconds - 1` after the app exited.
    public var idleMilliseconds: Int

    public init(_ phases: [Phase], idleWeight: Int = 0, idleMilliseconds: Int = 10_000) {
        precondition(!phases.isEmpty || idleWeight > 0, "somewhere for a kill to land")
        precondition(idleWeight >= 0 && idleMilliseconds > 0, "an idle window has a weight and a length")
        self.phases = phases
        self.idleWeight = idleWeight
        self.idleMilliseconds = idleMilliseconds
    }

    /// Every phase of `names` with weight 1 and the same bound.
    public static func uniform(_ names: [String], maxJobs: Int) -> KillPhases {
        KillPhases(names.map { Phase($0, maxJobs: maxJobs) })
    }

    /// The phases' names, in order.
    public var names: [String] { phases.map(\.name) }

    /// The sum of the weights, the idle window's included.
    public var totalWeight: Int { phases.reduce(idleWeight) { $0 + $1.weight } }

    /// A phase by weight: the phase (nil: the idle window). One draw below `totalWeight`.
    public func drawPhase(_ random: inout SimRandom) -> Phase? {
        var pick = random.below(totalWeight)
        for phase in phases {
            if pick < phase.weight { return phase }
            pick -= phase.weight
        }
        assert(pick < idleWeight, "a draw below the total weight lands in a phase or the idle window")
        return nil
    }

    /// A kill point: a phase by weight, then 1…its `maxJobs` await points into it uniformly; or
    /// the idle window and 0…`idleMilliseconds - 1` after the app exited.
    public func draw(_ random: inout SimRandom) -> KillPoint {
        guard let phase = drawPhase(&random) else { return .idle(milliseconds: random.below(idleMilliseconds)) }
        return .inPhase(phase.name, jobs: 1 + random.below(phase.maxJobs))
    }
}
