/// Timestamps as Rails and Express render them in JSON: UTC with milliseconds,
/// `2025-01-01T00:00:00.000Z` (ActiveSupport `time_precision` 3; JavaScript `Date#toJSON`).
/// Worth knowing for client code: Foundation's `JSONDecoder.DateDecodingStrategy.iso8601` rejects
/// the fraction.
enum RESTTimestamp {
    static func text(nanoseconds: Int64, epochMilliseconds: Int64) -> String {
        let millis = epochMilliseconds + nanoseconds / 1_000_000
        let day = CivilTime.floorDiv(millis, 86_400_000)
        let inDay = millis - day * 86_400_000
        let seconds = inDay / 1000
        return CivilTime.dateText(days: day) + "T" + pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":"
            + pad(seconds % 60, 2) + "." + pad(inDay % 1000, 3) + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
