import AppPorts
import SimValues

/// A money column of a server row (`amount`: exact decimal text, or a number) read back into the
/// app's units: exact minor units, or the model's `Double` major units. The sync engine reads pulled
/// rows with it; the simulation's backend and checkers read server rows with the same rule.
public enum ServerAmount {
    /// A numeric column as exact minor units of `currency` (nil when absent or not exact).
    public static func minor(_ value: JSONValue?, currency: String) -> Int64? {
        guard let value else { return nil }
        let text: String
        switch value {
        case .string(let s): text = s
        case .int(let i): text = String(i)
        case .double(let d): text = "\(d)"
        default: return nil
        }
        return DecimalText.minorUnits(text, digits: MinorUnits.digits(currency: currency))
    }

    /// Exact minor units back to the model's `Double` major units (exact for cents-sized values);
    /// 0 when the column is absent or not exact.
    public static func major(_ value: JSONValue?, currency: String) -> Double {
        Double(minor(value, currency: currency) ?? 0) / Double(MinorUnits.scale(currency: currency))
    }
}
