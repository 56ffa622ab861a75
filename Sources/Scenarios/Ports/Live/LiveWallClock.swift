import Foundation

/// `WallClock` in production: the system clock and the current time zone. Never used inside a
/// simulation (a simulated device supplies its own skewed clock).
public struct LiveWallClock: WallClock {
    public init() {}

    public var nowMilliseconds: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }  // wall-clock: the live port, by definition
    public var utcOffsetSeconds: Int { TimeZone.current.secondsFromGMT() }
}
