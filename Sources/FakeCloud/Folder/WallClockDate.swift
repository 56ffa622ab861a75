import SimCore

/// The civil date a device's own wall clock shows: what a provider writes into a conflict-copy
/// name (Dropbox's "save date" comes from the editing device, so a skewed clock or a far time
/// zone gives a copy dated a day off from the server's).
public enum WallClockDate {
    /// `YYYY-MM-DD` on `config`'s clock at virtual time `now`: epoch + elapsed + skew + UTC
    /// offset, floored to days with integer arithmetic (no Foundation calendar).
    public static func civilDate(_ config: DeviceConfig, at now: SimInstant) -> String {
        let localMilliseconds = config.epochMilliseconds + now.nanoseconds / 1_000_000 + config.clockSkewMilliseconds
            + Int64(config.utcOffsetSeconds) * 1_000
        return CivilTime.dateText(days: CivilTime.floorDiv(localMilliseconds, 86_400_000))
    }

    /// Milliseconds since 1970 UTC on `config`'s clock at virtual time `now` (skew included): the
    /// modification date a device stamps on a file it saves.
    public static func milliseconds(_ config: DeviceConfig, at now: SimInstant) -> Int64 {
        config.epochMilliseconds + now.nanoseconds / 1_000_000 + config.clockSkewMilliseconds
    }
}
