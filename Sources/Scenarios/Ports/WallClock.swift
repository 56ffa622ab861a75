/// The device's wall clock and time zone (`Date()` and `TimeZone.current` in app code). Wall time
/// can jump or be skewed between devices; an app must never use it to order events across devices.
public protocol WallClock: Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    var nowMilliseconds: Int64 { get }
    /// The device's current offset from UTC, in seconds (e.g. +36_000 for UTC+10).
    var utcOffsetSeconds: Int { get }
}
