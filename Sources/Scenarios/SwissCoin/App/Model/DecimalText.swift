import AppPorts

/// Exact decimal text → integer minor units, with no floating point.
public enum DecimalText {
    /// `"12.30"` with 2 digits → 1230; nil when the text has more non-zero fraction digits.
    ///
    /// Plain decimals (`-?[0-9]*(\.[0-9]*)?`, what the server stores) are read byte by byte; any
    /// other text takes `general`, the rule as first written, so both agree on every input.
    public static func minorUnits(_ text: String, digits: Int) -> Int64? {
        var text = text
        return text.withUTF8 { plain($0, digits: digits) } ?? general(text, digits: digits)
    }

    /// The fast path: `.some(result)` for a plain decimal, nil to defer to `general`.
    private static func plain(_ bytes: UnsafeBufferPointer<UInt8>, digits: Int) -> Int64?? {
        guard digits >= 0 && digits <= 18 else { return nil }
        var index = 0
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var whole: Int64 = 0
        while index < bytes.count, let digit = digitValue(bytes[index]) {
            let (times, overflow1) = whole.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return .some(nil) }  // `Int64(text)` is nil past Int64.max
            whole = sum
            index += 1
        }
        var fraction: Int64 = 0, fractionDigits = 0
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: ".") else { return nil }
            index += 1
            while index < bytes.count, let digit = digitValue(bytes[index]) {
                if fractionDigits < digits {
                    fraction = fraction * 10 + digit
                } else if digit != 0 {
                    return .some(nil)  // a non-zero digit beyond the currency's precision
                }
                fractionDigits += 1
                index += 1
            }
            guard index == bytes.count else { return nil }
        }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        for _ in min(fractionDigits, digits)..<digits { fraction *= 10 }
        let value = whole * scale + fraction
        return .some(negative ? -value : value)
    }

    private static func digitValue(_ byte: UInt8) -> Int64? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int64(byte - UInt8(ascii: "0")) : nil
    }

    /// The rule for any text: an optional leading `-`, then `Int64` parsing of the whole part and
    /// of the fraction cut or padded to `digits`.
    static func general(_ text: String, digits: Int) -> Int64? {
        var text = Substring(text)
        var negative = false
        if text.hasPrefix("-") { negative = true; text = text.dropFirst() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0].isEmpty ? "0" : String(parts[0])) else { return nil }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        if fraction.contains("e") || fraction.contains("E") { return nil }
        while fraction.count > digits {
            guard fraction.hasSuffix("0") else { return nil }
            fraction.removeLast()
        }
        fraction += String(repeating: "0", count: digits - fraction.count)
        guard let fractionValue = Int64(fraction.isEmpty ? "0" : fraction) else { return nil }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let value = whole * scale + fractionValue
        return negative ? -value : value
    }
}
