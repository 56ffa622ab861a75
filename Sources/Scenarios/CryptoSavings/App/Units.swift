/// A non-negative amount in an asset's smallest unit (satoshi: 10⁻⁸ BTC; wei: 10⁻¹⁸ ETH), held as
/// canonical decimal digits with no leading zeros, so that 10²⁴ wei is as exact as 1 satoshi.
/// The fixed build's money: never a `Double`.
public struct Units: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Canonical digits ("0" for zero).
    public let text: String

    /// Parses canonical or zero-padded digits; nil for anything else (empty, signs, separators).
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let trimmed = text.drop { $0 == "0" }
        self.text = trimmed.isEmpty ? "0" : String(trimmed)
    }

    public init(_ value: Int) {
        precondition(value >= 0, "units are non-negative")
        text = String(value)
    }

    public static let zero = Units(0)
    public var description: String { text }
    public var isZero: Bool { text == "0" }

    public static func < (a: Units, b: Units) -> Bool {
        a.text.count != b.text.count ? a.text.count < b.text.count : a.text < b.text
    }

    public static func + (a: Units, b: Units) -> Units {
        let x = Array(a.text.utf8.reversed()), y = Array(b.text.utf8.reversed())
        var digits: [UInt8] = []
        var carry = 0
        for i in 0..<max(x.count, y.count) {
            let sum = (i < x.count ? Int(x[i]) - 48 : 0) + (i < y.count ? Int(y[i]) - 48 : 0) + carry
            digits.append(UInt8(sum % 10 + 48))
            carry = sum / 10
        }
        if carry > 0 { digits.append(UInt8(carry + 48)) }
        return Units(String(decoding: digits.reversed(), as: UTF8.self))!
    }

    /// `a - b`, floored at zero (a remaining amount is never negative).
    public static func - (a: Units, b: Units) -> Units {
        guard b < a else { return .zero }
        let x = Array(a.text.utf8.reversed()), y = Array(b.text.utf8.reversed())
        var digits: [UInt8] = []
        var borrow = 0
        for i in 0..<x.count {
            var d = Int(x[i]) - 48 - borrow - (i < y.count ? Int(y[i]) - 48 : 0)
            borrow = d < 0 ? 1 : 0
            if d < 0 { d += 10 }
            digits.append(UInt8(d + 48))
        }
        return Units(String(decoding: digits.reversed(), as: UTF8.self))!
    }

    /// `⌈self / divisor⌉` for a small positive divisor (long division on the digits).
    public func dividedRoundingUp(by divisor: Int) -> Units {
        precondition(divisor > 0 && divisor < 1_000_000, "a small positive divisor")
        var quotient: [UInt8] = []
        var remainder = 0
        for digit in text.utf8 {
            let current = remainder * 10 + Int(digit) - 48
            quotient.append(UInt8(current / divisor + 48))
            remainder = current % divisor
        }
        let floor = Units(String(decoding: quotient, as: UTF8.self))!
        return remainder == 0 ? floor : floor + Units(1)
    }

    /// Decimal places of an asset's smallest unit.
    public static func decimals(_ currency: String) -> Int { currency == "ETH" ? 18 : 8 }

    /// The amount in whole coins as decimal text (`1.5` for 150000000 satoshi).
    public func coins(_ currency: String) -> String {
        let places = Self.decimals(currency)
        let padded = String(repeating: "0", count: max(0, places + 1 - text.count)) + text
        let whole = padded.dropLast(places)
        var fraction = String(padded.suffix(places))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }

    /// Units from whole-coin decimal text (`1.5`, `2e-8`-free): digits, at most one point, at most
    /// the asset's decimals after it; nil otherwise.
    public init?(coins: String, currency: String) {
        let places = Self.decimals(currency)
        let parts = coins.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= places else { return nil }
        self.init(String(whole) + fraction + String(repeating: "0", count: places - fraction.count))
    }
}
