/// The device's wall clock and time zone (`Date()` and `TimeZone.current` in the seed). Wall time
/// can jump or be skewed between devices; the app must never use it to order events across devices.
public protocol WallClock {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    var nowMilliseconds: Int64 { get }
    /// The device's current offset from UTC, in seconds (e.g. +36_000 for UTC+10).
    var timeZoneOffsetSeconds: Int { get }
}
