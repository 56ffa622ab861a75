import AppPorts
import CRDT

extension Minuta {
    /// A calendar date in the proleptic Gregorian calendar, computed with integer arithmetic from
    /// Unix milliseconds and a UTC offset (no Foundation `Calendar`, whose result depends on the
    /// device's calendar and zone — bug zoo MI-13). Days-from-civil after Howard Hinnant,
    /// "chrono-Compatible Low-Level Date Algorithms".
    public struct CivilDate: Sendable, Equatable, Comparable {
        public var year: Int
        public var month: Int
        public var day: Int

        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// The date at `milliseconds` in a zone `utcOffsetSeconds` east of UTC.
        public init(milliseconds: Int64, utcOffsetSeconds: Int) {
            let seconds = floorDiv(milliseconds, 1000) + Int64(utcOffsetSeconds)
            let days = floorDiv(seconds, 86_400)
            let z = days + 719_468
            let era = floorDiv(z, 146_097)
            let doe = z - era * 146_097
            let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
            let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
            let mp = (5 * doy + 2) / 153
            day = Int(doy - (153 * mp + 2) / 5 + 1)
            month = Int(mp < 10 ? mp + 3 : mp - 9)
            year = Int(yoe + era * 400) + (month <= 2 ? 1 : 0)
        }

        /// Unix milliseconds of midnight starting this date in a zone `utcOffsetSeconds` east of UTC.
        public func startMilliseconds(utcOffsetSeconds: Int) -> Int64 {
            let y = Int64(month <= 2 ? year - 1 : year)
            let era = floorDiv(y, 400)
            let yoe = y - era * 400
            let m = Int64(month)
            let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
            let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
            let days = era * 146_097 + doe - 719_468
            return (days * 86_400 - Int64(utcOffsetSeconds)) * 1000
        }

        /// `YYYY-MM-DD`.
        public var text: String { pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) }

        public static func < (a: CivilDate, b: CivilDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
    }

    /// A month bucket (`records/2026/01.automerge`).
    public struct YearMonth: Sendable, Hashable, Comparable {
        public var year: Int
        public var month: Int

        public init(year: Int, month: Int) {
            self.year = year
            self.month = month
        }

        /// The month containing `milliseconds` in a zone `utcOffsetSeconds` east of UTC.
        public init(milliseconds: Int64, utcOffsetSeconds: Int) {
            let date = CivilDate(milliseconds: milliseconds, utcOffsetSeconds: utcOffsetSeconds)
            self.init(year: date.year, month: date.month)
        }

        /// The next month.
        public var next: YearMonth { month == 12 ? YearMonth(year: year + 1, month: 1) : YearMonth(year: year, month: month + 1) }

        /// `2026-01`, the seed's cache key (l.451).
        public var key: String { pad(year, 4) + "-" + pad(month, 2) }

        public static func < (a: YearMonth, b: YearMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }
    }
}

extension Minuta {
    /// Integer division rounding towards negative infinity (times before 1970, zones west of UTC).
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// Zero-padded decimal (`String(format: "%02d")` without Foundation's formatter).
    public static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
