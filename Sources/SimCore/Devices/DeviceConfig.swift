/// What is fixed about a device for a run: its wall clock, time zone and flush timing.
public struct DeviceConfig: Sendable, Equatable {
    /// The device's UTC offset in seconds (e.g. +50400 for UTC+14, −43200 for UTC−12).
    public var utcOffsetSeconds: Int
    /// The time zone's name, for reports (`Pacific/Kiritimati`).
    public var timeZoneName: String
    /// How far the device's wall clock is off true time, in milliseconds (may be negative).
    public var clockSkewMilliseconds: Int64
    /// Wall-clock time at virtual time zero, in Unix milliseconds (default 2026-01-15T00:00:00Z).
    public var epochMilliseconds: Int64
    /// Bounds of the lazy key-value flush delay, in milliseconds (UserDefaults persists
    /// asynchronously some time after a write; a kill before then loses the write).
    public var flushDelayMilliseconds: ClosedRange<Int>

    public init(
        utcOffsetSeconds: Int = 0, timeZoneName: String = "UTC", clockSkewMilliseconds: Int64 = 0,
        epochMilliseconds: Int64 = 1_768_435_200_000, flushDelayMilliseconds: ClosedRange<Int> = 200...10_000
    ) {
        self.utcOffsetSeconds = utcOffsetSeconds
        self.timeZoneName = timeZoneName
        self.clockSkewMilliseconds = clockSkewMilliseconds
        self.epochMilliseconds = epochMilliseconds
        self.flushDelayMilliseconds = flushDelayMilliseconds
    }
}
