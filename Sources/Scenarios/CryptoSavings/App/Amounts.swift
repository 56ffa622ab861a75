import AppleStandIns
import Foundation

/// How the build reads and writes money on a row: the fixed build's exact `*Units` columns
/// (integer smallest units as decimal text), or the plan's `Double` coins
/// (`floating-point-amounts`).
public struct Amounts: Sendable {
    public let floating: Bool

    public init(floating: Bool) { self.floating = floating }

    /// The stored value for `units` of `currency` in the `double`/`units` column pair.
    public func values(_ units: Units, currency: String, double: String, exact: String) -> [String: StoreValue] {
        if floating { return [double: .double(Self.double(units, currency))] }
        // The fixed build also fills the Double column, for the previous release's readers.
        return [double: .double(Self.double(units, currency)), exact: .string(units.text)]
    }

    /// A row's amount: the exact column when set, else (rows written by V1 or by an as-written
    /// device) the Double read back through its shortest decimal text.
    public func read(_ row: ModelRow, currency: String, double: String, exact: String) -> Units {
        if !floating, let text = row[exact]?.stringValue, let units = Units(text) { return units }
        return Self.units(row[double]?.doubleValue ?? 0, currency)
    }

    /// `Double(coins)`: what the plan's `var amount: Double` holds for an entered amount.
    public static func double(_ units: Units, _ currency: String) -> Double { Double(units.coins(currency)) ?? 0 }

    /// A Double of coins as smallest units, through its shortest round-trip decimal text (what a
    /// formatter showing every digit prints), rounded to the asset's decimals.
    public static func units(_ coins: Double, _ currency: String) -> Units {
        guard coins > 0, coins.isFinite, var value = Decimal(string: "\(coins)", locale: Locale(identifier: "en_US_POSIX")) else { return .zero }
        value *= pow(Decimal(10), Units.decimals(currency))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return Units(rounded.description) ?? .zero
    }
}
