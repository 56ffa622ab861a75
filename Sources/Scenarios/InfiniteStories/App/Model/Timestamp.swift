/// RFC 3339 text of a Unix-millisecond instant in UTC with milliseconds
/// (`2025-01-06T09:30:00.000Z`), what `JSONEncoder.dateEncodingStrategy = .iso8601` with
/// fractional seconds sends. Integer arithmetic only (Howard Hinnant's `civil_from_days`).
public enum Timestamp {
    public static func text(milliseconds: Int64) -> String {
        let day = floorDiv(milliseconds, 86_400_000)
        let inDay = milliseconds - day * 86_400_000
        let (year, month, dayOfMonth) = civil(days: day)
        let seconds = inDay / 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(dayOfMonth, 2) + "T" + pad(seconds / 3600, 2) + ":"
            + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2) + "." + pad(inDay % 1000, 3) + "Z"
    }

    static func civil(days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
