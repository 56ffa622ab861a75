import SimCore

/// An exact `numeric(p,s)` value: an integer count of 10^-scale units.
///
/// Mirrors PostgreSQL's numeric input: the JSON number arrives as text (PostgREST hands the body to
/// `json_populate_recordset`), is parsed exactly, rounded to the column's scale *half away from
/// zero* ("round … rounds ties away from zero" for numeric,
/// https://www.postgresql.org/docs/15/datatype-numeric.html#DATATYPE-NUMERIC-DECIMAL), and rejected
/// with 22003 "numeric field overflow" when the integer part needs more than p - s digits.
public struct NumericValue: Sendable, Hashable, Comparable {
    /// The value in units of 10^-scale (for money with scale 2: minor units, cents).
    public var units: Int64
    public var scale: Int

    public init(units: Int64, scale: Int) {
        self.units = units
        self.scale = scale
    }

    public static func < (lhs: NumericValue, rhs: NumericValue) -> Bool {
        precondition(lhs.scale == rhs.scale, "compare numerics of one column only")
        return lhs.units < rhs.units
    }

    /// Parses `text` (decimal, optional sign, fraction and exponent) and rounds it to `scale`.
    public static func parse(_ text: String, precision: Int, scale: Int) throws(PostgrestError) -> NumericValue {
        if let value = plainDecimal(text, precision: precision, scale: scale) { return value }
        guard let (negative, digits, exponent) = decompose(text) else {
            throw PostgrestError.invalidText(type: "numeric", value: text)
        }
        // value = digits × 10^exponent; we want round(digits × 10^(exponent + scale)).
        let shift = exponent + scale
        var magnitude = digits
        if shift >= 0 {
            magnitude += Array(repeating: 0, count: shift)
        } else {
            let keep = max(0, magnitude.count + shift)
            let roundUp = keep < magnitude.count && magnitude[keep] >= 5
            magnitude = Array(magnitude[0..<keep])
            if roundUp { magnitude = incremented(magnitude) }
        }
        while magnitude.count > 1 && magnitude.first == 0 { magnitude.removeFirst() }
        if magnitude.count > precision && !(magnitude.allSatisfy { $0 == 0 }) {
            throw PostgrestError(
                code: "22003", message: "numeric field overflow",
                details: "A field with precision \(precision), scale \(scale) must round to an absolute value less than 10^\(precision - scale).")
        }
        var units: Int64 = 0
        for digit in magnitude { units = units * 10 + Int64(digit) }
        return NumericValue(units: negative ? -units : units, scale: scale)
    }

    /// `parse` for the common input `[+-]digits[.digits]` whose rounded value fits in `precision`:
    /// the same rounding (half away from zero at `scale`) on integers, without digit arrays. Nil for
    /// anything else (spaces, exponents, too many digits, errors), which `parse` handles in full.
    private static func plainDecimal(_ text: String, precision: Int, scale: Int) -> NumericValue? {
        var utf8 = text.utf8[...]
        var negative = false
        if let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            utf8 = utf8.dropFirst()
        }
        var magnitude: Int64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var seenPoint = false
        var roundUp = false
        var anyNonZero = false
        for char in utf8 {
            if char == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
                continue
            }
            guard char >= UInt8(ascii: "0") && char <= UInt8(ascii: "9") else { return nil }
            let digit = Int64(char - UInt8(ascii: "0"))
            digitCount += 1
            if digit != 0 { anyNonZero = true }
            if seenPoint {
                fractionDigits += 1
                if fractionDigits > scale {
                    if fractionDigits == scale + 1 { roundUp = digit >= 5 }
                    continue
                }
            }
            guard magnitude <= 99_999_999_999_999_999 / 10 else { return nil }
            magnitude = magnitude * 10 + digit
        }
        guard digitCount > 0 else { return nil }
        for _ in Swift.min(fractionDigits, scale)..<scale {
            guard magnitude <= 99_999_999_999_999_999 / 10 else { return nil }
            magnitude *= 10
        }
        if roundUp { magnitude += 1 }
        if magnitude != 0 && magnitude.decimalDigitCount > precision { return nil }
        return NumericValue(units: negative && anyNonZero ? -magnitude : magnitude, scale: scale)
    }

    /// Sign, significant digits and the power of ten of the last digit; nil when not a number.
    static func decompose(_ text: String) -> (Bool, [UInt8], Int)? {
        var chars = Array(text.trimmingSpaces.utf8)
        var negative = false
        if let first = chars.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            chars.removeFirst()
        }
        var exponent = 0
        if let e = chars.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            guard let power = Int(String(decoding: chars[(e + 1)...], as: UTF8.self)) else { return nil }
            exponent = power
            chars = Array(chars[..<e])
        }
        var digits: [UInt8] = []
        var seenPoint = false
        for char in chars {
            if char == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else if char >= UInt8(ascii: "0") && char <= UInt8(ascii: "9") {
                digits.append(char - UInt8(ascii: "0"))
                if seenPoint { exponent -= 1 }
            } else {
                return nil
            }
        }
        if digits.isEmpty { return nil }
        return (negative && digits.contains { $0 != 0 }, digits, exponent)
    }

    private static func incremented(_ digits: [UInt8]) -> [UInt8] {
        var out = digits.isEmpty ? [0] : digits
        var index = out.count - 1
        while index >= 0 {
            if out[index] < 9 {
                out[index] += 1
                return out
            }
            out[index] = 0
            index -= 1
        }
        return [1] + out
    }

    /// PostgreSQL's output form: exactly `scale` fraction digits (`12.30`).
    public var text: String {
        guard scale >= 0, let divisor = NumericValue.powerOfTen(scale) else { return longText }
        // At least one integer digit, then exactly `scale` fraction digits.
        return ASCIIText.make(capacity: 24 + scale) { text in
            if units < 0 { text.append(UInt8(ascii: "-")) }
            text.append(digitsOf: units.magnitude / divisor)
            if scale == 0 { return }
            text.append(UInt8(ascii: "."))
            text.append(digitsOf: units.magnitude % divisor, width: scale)
        }
    }

    /// `text` by string slicing, for scales whose power of ten does not fit `UInt64`.
    private var longText: String {
        let magnitude = units.magnitude
        var digits = String(magnitude)
        if scale == 0 { return (units < 0 ? "-" : "") + digits }
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        let cut = digits.index(digits.endIndex, offsetBy: -scale)
        return (units < 0 ? "-" : "") + digits[..<cut] + "." + digits[cut...]
    }

    /// 10^exponent, nil when it does not fit `UInt64`.
    private static func powerOfTen(_ exponent: Int) -> UInt64? {
        guard exponent <= 19 else { return nil }
        var value: UInt64 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// What a JSON client decoding into `Double` sees (PostgREST sends numeric as a JSON number).
    public var doubleValue: Double { Double(text) ?? 0 }
}

extension Int64 {
    /// The number of decimal digits of the magnitude (1 for zero).
    var decimalDigitCount: Int {
        var count = 1
        var rest = magnitude / 10
        while rest > 0 { count += 1; rest /= 10 }
        return count
    }
}

extension String {
    /// The string without leading and trailing spaces (Foundation-free).
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
