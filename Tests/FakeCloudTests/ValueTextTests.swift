import FakeCloud
import SimCore
import XCTest

/// The one-allocation text builders of `CivilTime` and `NumericValue`, and the numeric parse fast
/// path, must give exactly what their string-concatenating definitions (kept here as references)
/// give, errors included.
final class ValueTextTests: XCTestCase {
    /// A fixed pseudo-random sequence (SplitMix64), so the cases are the same on every run.
    struct Cases {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func testTimestampAndDateTextMatchTheirDefinitions() {
        var cases = Cases(state: 1)
        var micros: [Int64] = [0, -1, 1, 999_999, 1_000_000, -86_400_000_000, 1_735_689_600_000_000, 1_735_689_600_123_400,
                               253_402_300_799_999_999, 253_402_300_800_000_000, -62_167_219_200_000_001]
        for _ in 0..<5_000 { micros.append(Int64(bitPattern: cases.next()) % 400_000_000_000_000_000) }
        for _ in 0..<2_000 { micros.append(1_735_689_600_000_000 + Int64(cases.next() % 100_000_000_000_000)) }
        for value in micros {
            XCTAssertEqual(CivilTime.timestampText(micros: value), Reference.timestampText(micros: value), "\(value)")
            let days = value / 86_400_000_000
            XCTAssertEqual(CivilTime.dateText(days: days), Reference.dateText(days: days), "\(days)")
        }
    }

    func testNumericParseMatchesTheDigitArrayDefinition() {
        var texts = ["0", "-0", "+0", "0.005", "-0.005", "10.005", "-10.005", "0.30000000000000004", "12.3", ".5", "5.", "-.5",
                     "99999999.995", "9999999999.99", "10000000000", "1e-05", "1.5e3", " 7 ", "", "-", ".", "1.2.3", "abc",
                     "12a", "00000000000000000000000001.25", "123456789012345678901234", "0.000000000000000000001",
                     "99999999999999999", "9999999999999999.9", "-12.345", "12.344999", "1١"]
        var cases = Cases(state: 2)
        for _ in 0..<3_000 {
            let value = Double(Int64(bitPattern: cases.next()) % 10_000_000_000) / Double(1 << (cases.next() % 20))
            texts.append("\(value)")
            texts.append("\(-value)")
        }
        for _ in 0..<1_000 { texts.append(String(Int64(bitPattern: cases.next()))) }
        for text in texts {
            for (precision, scale) in [(12, 2), (18, 2), (5, 0), (18, 6), (3, 3), (18, 0)] {
                let fast = outcome { () throws(PostgrestError) in try NumericValue.parse(text, precision: precision, scale: scale) }
                let reference = outcome { () throws(PostgrestError) in try Reference.parse(text, precision: precision, scale: scale) }
                XCTAssertEqual(fast, reference, "\(text) (\(precision),\(scale))")
            }
        }
    }

    func testNumericTextMatchesItsDefinition() {
        var cases = Cases(state: 3)
        var units: [Int64] = [0, 1, -1, 9, 10, 99, 100, -100, 123_456, Int64.max, Int64.min + 1, Int64.min]
        for _ in 0..<3_000 { units.append(Int64(bitPattern: cases.next()) >> (cases.next() % 60)) }
        for value in units {
            for scale in [0, 1, 2, 3, 6, 18, 19, 20, 25] {
                let numeric = NumericValue(units: value, scale: scale)
                XCTAssertEqual(numeric.text, Reference.text(numeric), "\(value) scale \(scale)")
            }
        }
    }

    func testUUIDAndIntegerCoercionKeepCanonicalValuesAndRejectOthersAsBefore() {
        let canonical = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
        XCTAssertEqual(try ColumnType.uuid.coerce(.string(canonical)), .string(canonical))
        XCTAssertEqual(try ColumnType.uuid.coerce(.string(canonical.uppercased())), .string(canonical))
        // The stored-form check also sees a fifth dash in place of a digit and a dash moved by one.
        let fifthDash = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c-d", movedDash = "0a1b2c3-d4e5f-4a6b-8c7d-9e0f1a2b3c4d"
        for bad in [canonical + "0", String(canonical.dropLast()), canonical.replacingOccurrences(of: "-", with: "x"), "zz",
                    fifthDash, movedDash] {
            XCTAssertThrowsError(try ColumnType.uuid.coerce(.string(bad)))
        }
        XCTAssertEqual(try ColumnType.int.coerce(.int(7)), .int(7))
        XCTAssertEqual(try ColumnType.bigint.coerce(.int(Int64.max)), .int(Int64.max))
        XCTAssertThrowsError(try ColumnType.int.coerce(.int(Int64(Int32.max) + 1))) { error in
            XCTAssertEqual((error as? PostgrestError)?.code, "22003")
        }
        XCTAssertEqual(try ColumnType.int.coerce(.string(" 12 ")), .int(12))
    }

    private func outcome(_ body: () throws(PostgrestError) -> NumericValue) -> String {
        do { return "\(try body())" } catch { return "\(error.code) \(error.message) \(error.details ?? "")" }
    }
}

/// The definitions the fast code replaced, verbatim.
private enum Reference {
    static func dateText(days: Int64) -> String {
        let (y, m, d) = CivilTime.date(days: days)
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
    }

    static func timestampText(micros: Int64) -> String {
        let day = floorDiv(micros, 86_400_000_000)
        let inDay = micros - day * 86_400_000_000
        let seconds = inDay / 1_000_000
        var text = dateText(days: day) + "T" + pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":"
            + pad(seconds % 60, 2)
        var fraction = inDay % 1_000_000
        if fraction != 0 {
            var digits = 6
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            text += "." + pad(fraction, digits)
        }
        return text + "+00:00"
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func text(_ value: NumericValue) -> String {
        let units = value.units, scale = value.scale
        let magnitude = units.magnitude
        var digits = String(magnitude)
        if scale == 0 { return (units < 0 ? "-" : "") + digits }
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        let cut = digits.index(digits.endIndex, offsetBy: -scale)
        return (units < 0 ? "-" : "") + digits[..<cut] + "." + digits[cut...]
    }

    static func parse(_ text: String, precision: Int, scale: Int) throws(PostgrestError) -> NumericValue {
        guard let (negative, digits, exponent) = decompose(text) else {
            throw PostgrestError(code: "22P02", message: "invalid input syntax for type numeric: \"\(text)\"")
        }
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

    private static func decompose(_ text: String) -> (Bool, [UInt8], Int)? {
        var scalars = Substring(text)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        var chars = Array(String(scalars).utf8)
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
}
