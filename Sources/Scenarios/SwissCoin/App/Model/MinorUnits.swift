import AppPorts

/// Exact money: integer minor units per currency, and the conversion from the app's `Double`
/// amounts (SC-20). The seed stores `Double`; the fixed variant derives exact minor units here so a
/// transaction's splits and payers sum exactly to its amount.
public enum MinorUnits {
    /// ISO 4217 minor-unit digits for the currencies the app offers (JPY and KRW have none).
    public static func digits(currency: String) -> Int {
        switch currency {
        case "JPY", "KRW": return 0
        default: return 2
        }
    }

    /// 10^digits.
    public static func scale(currency: String) -> Int64 {
        digits(currency: currency) == 0 ? 1 : 100
    }

    /// The nearest minor-unit amount (half away from zero) to a `Double` major amount.
    public static func from(_ major: Double, currency: String) -> Int64 {
        Int64((major * Double(scale(currency: currency))).rounded(.toNearestOrAwayFromZero))
    }

    /// Minor units as an exact decimal string ("10.00", "-0.05", "1200").
    public static func decimalString(_ minor: Int64, currency: String) -> String {
        let digits = digits(currency: currency)
        if digits == 0 { return String(minor) }
        let sign = minor < 0 ? "-" : ""
        let magnitude = minor.magnitude
        let fraction = String(magnitude % 100)
        return sign + String(magnitude / 100) + "." + (fraction.count == 1 ? "0" + fraction : fraction)
    }

    /// Splits `total` minor units into parts proportional to `weights` (all ≥ 0), exactly: floors
    /// first, then the leftover units one by one to the largest remainders, ties to the lower index.
    /// Returns all zeros when the weights sum to zero.
    public static func allocate(_ total: Int64, weights: [Int64]) -> [Int64] {
        // One weight (one creditor, the common case): the whole total, or nothing for a zero weight.
        if weights.count == 1 { return [weights[0] > 0 ? total : 0] }
        let weightSum = weights.reduce(Int64(0), +)
        guard weightSum > 0 else { return weights.map { _ in 0 } }
        var parts: [Int64] = []
        var remainders: [(remainder: Int64, index: Int)] = []
        for (index, weight) in weights.enumerated() {
            let product = total.multipliedFullWidth(by: weight)
            let (quotient, remainder) = weightSum.dividingFullWidth(product)
            parts.append(quotient)
            remainders.append((remainder, index))
        }
        var leftover = total - parts.reduce(0, +)
        let order = remainders.sorted { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }
        var cursor = 0
        while leftover > 0 && !order.isEmpty {
            parts[order[cursor % order.count].index] += 1
            leftover -= 1
            cursor += 1
        }
        return parts
    }

    /// Exact minor units for `doubles` that must add up to `total`: each part's share of the
    /// `Double` sum decides its allocation, so 3 × 3.3333333 of 10.00 becomes 334 + 333 + 333.
    public static func reconcile(_ doubles: [Double], total: Int64, currency: String) -> [Int64] {
        // Weights in micro-units keep the proportions of the stored Doubles without floating point
        // reaching the allocation decision.
        let weights = doubles.map { Int64(($0 * 1_000_000).rounded()) }
        let rounded = doubles.map { from($0, currency: currency) }
        let drift = abs(rounded.reduce(0, +) - total)
        // Only repair rounding residue (at most one unit per part); a real mismatch stays visible.
        if weights.contains(where: { $0 < 0 }) || drift > Int64(doubles.count) {
            return rounded
        }
        return allocate(total, weights: weights)
    }
}
