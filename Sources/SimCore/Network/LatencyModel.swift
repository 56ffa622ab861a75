/// One-way message latency with a heavy tail, in integer nanoseconds.
///
/// Most messages are fast, some slow, a few very slow (mobile networks: a fat tail matters more
/// than the mean — it is what turns a slow response into a client timeout).
public struct LatencyModel: Sendable, Equatable {
    /// Latency of the common case.
    public var fast: ClosedRange<Int64> = 5_000_000...60_000_000
    /// Latency of the slow case.
    public var slow: ClosedRange<Int64> = 60_000_000...400_000_000
    /// Latency of the tail.
    public var tail: ClosedRange<Int64> = 400_000_000...8_000_000_000
    /// Per-mille of slow messages.
    public var slowPerMille = 90
    /// Per-mille of tail messages.
    public var tailPerMille = 10

    public init() {}

    /// Draws one latency.
    public func sample(_ random: inout SimRandom) -> Int64 {
        let roll = random.below(1000)
        if roll < tailPerMille { return random.int(in: tail) }
        if roll < tailPerMille + slowPerMille { return random.int(in: slow) }
        return random.int(in: fast)
    }
}
