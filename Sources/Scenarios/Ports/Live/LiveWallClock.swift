import Foundation

/// `WallClock` in production: the system clock and the current time zone. Never used inside a
/// simulation (a simulated device supplies its own skewed clock).
public struct LiveWallClock: WallClock {
    public init() {}

    // wall-clock: the live implementation of the port, by definition.
    public var nowMilliseconds: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
    public var utcOffsetSeconds: Int { TimeZone.current.secondsFromGMT() }
}
