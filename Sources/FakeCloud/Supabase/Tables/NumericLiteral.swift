/// A numeric filter literal as PostgreSQL types it: plain `numeric` with no precision or scale.
///
/// PostgREST sends `?amount=gt.10.005` as an `unknown` constant compared with a `numeric(12,2)`
/// column; the constant resolves to the column's *type* but not its typmod, so it keeps every digit
/// and cannot overflow: `amount = 10.005` matches no row holding 10.01, and `amount < 1e20` is fine
/// (seen in the PostgreSQL differential, Tests/PostgresDifferentialTests).
struct NumericLiteral {
    let negative: Bool
    /// Significant digits, no leading or trailing zeros (empty for zero).
    let digits: [UInt8]
    /// The value is 0.d1d2… × 10^magnitude.
    let magnitude: Int

    /// Parses numeric input text; 22P02 for anything that is not a number.
    init(_ text: String) throws(PostgrestError) {
        guard let (negative, raw, exponent) = NumericValue.decompose(text) else {
            throw PostgrestError.invalidText(type: "numeric", value: text)
        }
        var digits = raw
        var magnitude = raw.count + exponent
        while let first = digits.first, first == 0 { digits.removeFirst(); magnitude -= 1 }
        while let last = digits.last, last == 0 { digits.removeLast() }
        self.negative = negative && !digits.isEmpty
        self.digits = digits
        self.magnitude = digits.isEmpty ? 0 : magnitude
    }

    /// -1, 0 or 1 as `self` is below, equal to or above `other`.
    func compare(_ other: NumericLiteral) -> Int {
        if negative != other.negative { return negative ? -1 : 1 }
        let order = magnitudeOrder(other)
        return negative ? -order : order
    }

    private func magnitudeOrder(_ other: NumericLiteral) -> Int {
        if digits.isEmpty || other.digits.isEmpty { return digits.isEmpty ? (other.digits.isEmpty ? 0 : -1) : 1 }
        if magnitude != other.magnitude { return magnitude < other.magnitude ? -1 : 1 }
        for index in 0..<max(digits.count, other.digits.count) {
            let a = index < digits.count ? digits[index] : 0, b = index < other.digits.count ? other.digits[index] : 0
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }
}
