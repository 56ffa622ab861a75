import Foundation

/// The checkers' own month and money arithmetic, written apart from the app's (`MonthLabel`,
/// `Units`): Foundation's Gregorian calendar in UTC and `Decimal`. A checker that recomputed with
/// the app's helpers would share their bugs (a month count that ignores the year, an addition
/// that drops its last carry) and agree with the app.
///
/// Both are exact here: the calendar is the proleptic Gregorian one at a fixed offset (no time
/// zone database is read), and every amount is a whole number of smallest units below 10³⁸
/// (`Decimal` holds 38 significant digits; 10²⁴ wei is 25 of them).
enum IndependentArithmetic {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()

    /// Calendar months from the UTC month holding `from` to the one holding `to` (negative when
    /// `to`'s month is earlier), both Unix milliseconds.
    static func monthsBetween(_ from: Int64, _ to: Int64) -> Int {
        let start = firstOfMonth(from), end = firstOfMonth(to)
        return calendar.dateComponents([.month], from: start, to: end).month ?? 0
    }

    private static func firstOfMonth(_ milliseconds: Int64) -> Date {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        let components = calendar.dateComponents([.year, .month], from: date)
        guard let first = calendar.date(from: components) else {
            preconditionFailure("no first day for the month of \(milliseconds) ms")
        }
        return first
    }

    /// Whole smallest units as a `Decimal`; nil for anything but plain digits.
    static func amount(_ digits: String) -> Decimal? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), digits.utf8.count <= 38 else { return nil }
        return Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `⌈amount / divisor⌉` for a whole, non-negative amount and a positive divisor.
    static func dividedRoundingUp(_ amount: Decimal, by divisor: Int) -> Decimal {
        precondition(divisor > 0, "a positive divisor")
        // The quotient truncated to a whole number, then one more unless it divides exactly: the
        // test is a product, which is exact, so a quotient's lost last digits cannot hide a
        // remainder.
        var quotient = amount / Decimal(divisor)
        var floor = Decimal()
        NSDecimalRound(&floor, &quotient, 0, .down)
        return floor * Decimal(divisor) < amount ? floor + 1 : floor
    }

    /// A whole amount as plain digits (`Decimal`'s description writes no exponent for these).
    static func text(_ amount: Decimal) -> String {
        var value = amount
        return NSDecimalString(&value, Locale(identifier: "en_US_POSIX"))
    }
}
