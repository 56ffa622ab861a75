import SimCore

/// Integer-only conversions between calendar dates/times and counts since 1970-01-01 UTC, and the
/// PostgreSQL input rules for `date` and `timestamptz` text.
///
/// `date` input mirrors PostgreSQL's `date_in` (src/backend/utils/adt/date.c): the text is decoded
/// by `DecodeDateTime` and only the year, month and day fields are kept — a time and a zone offset
/// are parsed and *ignored*, so `2024-01-15T23:30:00-05:00` stores `2024-01-15`. For the ISO-8601
/// `Z` timestamps the Supabase Swift client sends, that is the UTC date. `timestamptz` input with no
/// offset is read in the session time zone, which is UTC on Supabase.
public enum CivilTime {
    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day count since 1970-01-01 (`civil_from_days`).
    public static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `YYYY-MM-DD`.
    public static func dateText(days: Int64) -> String {
        ASCIIText.make(capacity: 32) { text in appendDate(days: days, to: &text) }
    }

    /// Writes `dateText(days:)`: year in at least 4 digits, month and day in 2.
    private static func appendDate(days: Int64, to text: inout ASCIIText) {
        let (y, m, d) = date(days: days)
        appendPadded(y, 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendPadded(m, 2, to: &text)
        text.append(UInt8(ascii: "-"))
        appendPadded(d, 2, to: &text)
    }

    /// PostgREST's JSON form of a timestamptz in UTC: `2025-01-01T09:30:00+00:00`, fraction only
    /// when non-zero, trailing zeros trimmed.
    public static func timestampText(micros: Int64) -> String {
        let day = floorDiv(micros, 86_400_000_000)
        let inDay = micros - day * 86_400_000_000
        let seconds = inDay / 1_000_000
        return ASCIIText.make(capacity: 64) { text in
            appendDate(days: day, to: &text)
            text.append(UInt8(ascii: "T"))
            appendPadded(seconds / 3600, 2, to: &text)
            text.append(UInt8(ascii: ":"))
            appendPadded(seconds / 60 % 60, 2, to: &text)
            text.append(UInt8(ascii: ":"))
            appendPadded(seconds % 60, 2, to: &text)
            var fraction = inDay % 1_000_000
            if fraction != 0 {
                var digits = 6
                while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
                text.append(UInt8(ascii: "."))
                appendPadded(fraction, digits, to: &text)
            }
            for byte in "+00:00".utf8 { text.append(byte) }
        }
    }

    /// The parsed fields of a PostgreSQL date/time literal.
    struct Fields {
        var days: Int64
        var micros: Int64 = 0
        var offsetSeconds: Int64?
    }

    /// Parses `YYYY-MM-DD[( |T)HH:MM[:SS[.ffffff]]][Z|±HH[:MM]]`; nil for bad syntax; throws 22008
    /// for a field out of range, as PostgreSQL does ("date/time field value out of range").
    static func parse(_ raw: String) throws(PostgrestError) -> Fields? {
        let text = Array(raw.utf8.first == 32 || raw.utf8.last == 32 ? raw.trimmingSpaces.utf8 : raw.utf8)
        guard text.count >= 10, let y = number(text, 0, 4), text[4] == 45, let m = number(text, 5, 2), text[7] == 45,
            let d = number(text, 8, 2)
        else { return nil }
        guard (1...12).contains(m), d >= 1, d <= daysIn(year: y, month: m) else {
            throw PostgrestError(code: "22008", message: "date/time field value out of range: \"\(raw)\"")
        }
        var fields = Fields(days: days(year: y, month: m, day: d))
        var index = 10
        if index < text.count, text[index] == 84 || text[index] == 32 {  // 'T' or ' '
            guard let h = number(text, index + 1, 2), index + 3 < text.count, text[index + 3] == 58,
                let mi = number(text, index + 4, 2)
            else { return nil }
            index += 6
            var s: Int64 = 0
            if index < text.count, text[index] == 58 {
                guard let sec = number(text, index + 1, 2) else { return nil }
                s = sec
                index += 3
            }
            var fraction: Int64 = 0
            if index < text.count, text[index] == 46 {
                var scale: Int64 = 100_000
                var digits = 0
                index += 1
                while index < text.count, let digit = number(text, index, 1) {
                    digits += 1
                    fraction += digit * scale
                    // PostgreSQL keeps microseconds, rounding the rest (`rint` of the parsed
                    // fraction): a 7th digit of 5 or more rounds up. (An exact half, `…5` and nothing
                    // after, depends on the double nearest the text there; here it always rounds up.)
                    if digits == 7 && digit >= 5 { fraction += 1 }
                    scale /= 10
                    index += 1
                }
            }
            guard h <= 24, mi <= 59, s <= 60 else {
                throw PostgrestError(code: "22008", message: "date/time field value out of range: \"\(raw)\"")
            }
            fields.micros = ((h * 60 + mi) * 60 + s) * 1_000_000 + fraction
        }
        guard let offset = zone(text, from: index) else { return nil }
        fields.offsetSeconds = offset.seconds
        return offset.valid ? fields : nil
    }

    private static func zone(_ text: [UInt8], from index: Int) -> (seconds: Int64?, valid: Bool)? {
        if index == text.count { return (nil, true) }
        if text[index] == 90 || text[index] == 122 { return (0, index + 1 == text.count) }  // Z
        guard text[index] == 43 || text[index] == 45 else { return nil }
        let sign: Int64 = text[index] == 45 ? -1 : 1
        guard let hours = number(text, index + 1, 2) else { return nil }
        var rest = index + 3
        var minutes: Int64 = 0
        if rest < text.count, text[rest] == 58 { rest += 1 }
        if rest < text.count {
            guard let mins = number(text, rest, 2) else { return nil }
            minutes = mins
            rest += 2
        }
        return (sign * (hours * 3600 + minutes * 60), rest == text.count)
    }

    private static func number(_ text: [UInt8], _ start: Int, _ count: Int) -> Int64? {
        guard start >= 0, start + count <= text.count else { return nil }
        var value: Int64 = 0
        for char in text[start..<(start + count)] {
            guard char >= 48, char <= 57 else { return nil }
            value = value * 10 + Int64(char - 48)
        }
        return value
    }

    static func daysIn(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// Writes `value` in at least `width` digits, zero-padded, after a `-` when negative.
    private static func appendPadded(_ value: Int64, _ width: Int, to text: inout ASCIIText) {
        if value < 0 { text.append(UInt8(ascii: "-")) }
        text.append(digitsOf: value.magnitude, width: width)
    }
}
