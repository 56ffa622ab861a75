extension Minuta {
    /// The device's wall clock and time zone (`Date()` and `TimeZone.current` in the seed).
    public protocol WallClock: Sendable {
        /// Unix milliseconds.
        var nowMilliseconds: Int64 { get }
        /// The device's current UTC offset in seconds (`Calendar.current`'s time zone).
        var utcOffsetSeconds: Int { get }
    }
}
