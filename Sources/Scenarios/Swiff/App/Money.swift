import AppleStandIns

/// Money as the app stores it: `Double` amounts in V1/V2 (the shipped app's type), integer minor
/// units from V3. Converting is exact for every amount the app writes, since it writes
/// `Double(cents) / 100` and reads back `(value * 100).rounded()`.
public enum Money {
    /// The cents of a stored amount (`.int` minor units or a `.double`), nil for null.
    public static func cents(_ value: StoreValue?) -> Int64? {
        switch value {
        case .int(let cents)?: return cents
        case .double(let amount)?: return Int64((amount * 100).rounded())
        default: return nil
        }
    }

    /// The stored value of `cents` for an attribute of `type`.
    public static func value(_ cents: Int64, as type: AttributeType) -> StoreValue {
        type == .double ? .double(Double(cents) / 100) : .int(cents)
    }

    /// `amount` split equally between `count` people: each gets `amount / count`, and the first
    /// `amount % count` (in the caller's order) one cent more, so the shares sum to the amount.
    public static func shares(_ amount: Int64, count: Int) -> [Int64] {
        guard count > 0 else { return [] }
        let n = Int64(count)
        let base = amount / n, extra = Int(amount % n)
        return (0..<count).map { $0 < extra ? base + 1 : base }
    }
}
