/// How the ready queue picks the next job.
public enum SchedulingPolicy: String, Sendable, Codable, CaseIterable {
    /// First in, first out: the order the jobs became ready.
    case fifo
    /// A seeded random choice among ready jobs (its own stream), to explore interleavings.
    case random
}

/// The knobs of one run. Everything not here derives from the seed.
public struct SimulatorOptions: Sendable {
    /// Ready-queue policy.
    public var policy: SchedulingPolicy
    /// Keep full trace records (not only the rolling hash).
    public var recordTrace: Bool
    /// The most events (jobs run + timers fired) before the run is stopped as a liveness failure.
    public var maxEvents: Int
    /// Where faults come from: drawn from the seed, or a fixed schedule (replay, shrink).
    public var faultSource: FaultSource
    /// Wall-clock milliseconds to wait at a stall for jobs arriving from foreign threads, so the
    /// escape can be named. Detection only; it never changes a passing run.
    public var stallGraceMilliseconds: Int
    /// Hash the trace (the default). Off for a run whose trace hash nobody reads, such as the
    /// fault-free reference run of idempotent-retry: its trace text is then never built. The run
    /// itself is the same: nothing in a simulation reads the hash.
    public var hashTrace: Bool = true
    /// The choice tape every random stream of the run draws through (record, replay, shrink);
    /// nil: the PRNG alone. One tape serves one run: it records what the run drew.
    public var choices: ChoiceTape?

    public init(
        policy: SchedulingPolicy = .random,
        recordTrace: Bool = false,
        maxEvents: Int = 20_000_000,
        faultSource: FaultSource = .swarm,
        stallGraceMilliseconds: Int = 50
    ) {
        self.policy = policy
        self.recordTrace = recordTrace
        self.maxEvents = maxEvents
        self.faultSource = faultSource
        self.stallGraceMilliseconds = stallGraceMilliseconds
    }
}
