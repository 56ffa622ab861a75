import AppPorts

/// How dates leave the app. The seed encodes every `Date` as an instant (supabase-swift's ISO 8601
/// with milliseconds, UTC), also for date-only columns (SC-21); the fixed variant sends a calendar
/// day (`yyyy-MM-dd`) computed in the time zone the user entered it in.
///
/// Written out by hand (days-from-civil, H. Hinnant) instead of `DateFormatter`, which would read
/// the process's time zone and locale.
public enum DateText {
    /// `2025-02-28T14:00:00.000Z` for milliseconds since the epoch.
    public static func isoTimestamp(milliseconds ms: Int64) -> String {
        let (days, msOfDay) = floorDivide(ms, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        let seconds = msOfDay / 1000
        return "\(dateString(year, month, day))T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):"
            + "\(pad(seconds % 60, 2)).\(pad(msOfDay % 1000, 3))Z"
    }

    /// `2025-03-01`: the calendar day of the instant in a zone `offsetSeconds` east of UTC.
    public static func dateOnly(milliseconds ms: Int64, offsetSeconds: Int) -> String {
        let (days, _) = floorDivide(ms + Int64(offsetSeconds) * 1000, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        return dateString(year, month, day)
    }

    /// Milliseconds since the epoch of a `timestamptz` as the server returns it
    /// (`2025-02-28T14:00:00.123+00:00`, fraction optional, offset `±HH:MM` or `±HH`) or as the app sends
    /// it (`…Z`); sub-millisecond digits are dropped. Four-digit years only (the app's dates). Nil for
    /// any other text, and for a field out of range.
    public static func milliseconds(fromTimestamp text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[from..<(from + count)] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        guard bytes.count >= 19, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 32,
              bytes[13] == 58, bytes[16] == 58,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var millis: Int64 = 0
        if index < bytes.count && bytes[index] == 46 {  // "."
            index += 1
            var digits = 0
            while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
                if digits < 3 { millis = millis * 10 + Int64(bytes[index] - 48) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { millis *= 10 }
        }
        var offsetSeconds: Int64 = 0
        if index < bytes.count {
            if bytes[index] == 90 {  // "Z"
                index += 1
            } else if bytes[index] == 43 || bytes[index] == 45, let h = number(index + 1, 2), h < 24 {
                let sign: Int64 = bytes[index] == 45 ? -1 : 1
                var m: Int64 = 0
                if index + 3 < bytes.count {  // `±HH:MM`; PostgreSQL prints `±HH` alone for whole hours
                    guard bytes[index + 3] == 58, let minutes = number(index + 4, 2), minutes < 60 else { return nil }
                    m = minutes
                    index += 6
                } else {
                    index += 3
                }
                offsetSeconds = sign * (h * 3600 + m * 60)
            } else {
                return nil
            }
        }
        guard index == bytes.count else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return seconds * 1000 + millis
    }

    private static func dateString(_ year: Int64, _ month: Int64, _ day: Int64) -> String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let quotient = a >= 0 ? a / b : -((-a + b - 1) / b)
        return (quotient, a - quotient * b)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the inverse of `civil(fromDays:)`).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Proleptic Gregorian (year, month, day) of a day count since 1970-01-01.
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
