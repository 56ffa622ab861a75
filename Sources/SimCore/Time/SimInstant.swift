/// A point in virtual time: integer nanoseconds since the simulation started.
public struct SimInstant: InstantProtocol, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the start of the run.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The start of every run.
    public static let zero = SimInstant(nanoseconds: 0)

    public func advanced(by duration: Duration) -> SimInstant {
        SimInstant(nanoseconds: nanoseconds &+ duration.nanosecondsClamped)
    }

    public func duration(to other: SimInstant) -> Duration {
        .nanoseconds(other.nanoseconds &- nanoseconds)
    }

    public static func < (lhs: SimInstant, rhs: SimInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public var description: String { "\(nanoseconds)ns" }
}

extension Duration {
    /// This duration in whole nanoseconds, clamped to `Int64` (integer-only; no floating point).
    public var nanosecondsClamped: Int64 {
        let (seconds, attoseconds) = components
        let (fromSeconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? Int64.min : Int64.max }
        let (total, overflow2) = fromSeconds.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow2 { return seconds < 0 ? Int64.min : Int64.max }
        return total
    }
}
