import AppPorts

/// The app's per-currency balance value (Swiss Coin `CurrencyBalance`, the type whose
/// `primaryAmount` the seed compares at l.1034): `Double` amounts keyed by currency code.
///
/// The app sorts by |amount| only, so equal magnitudes come out in `Dictionary` order; the port
/// breaks ties by currency code so the primary currency is the same in every process.
public struct CurrencyBalance: Equatable, Sendable {
    public private(set) var balances: [String: Double] = [:]

    public init(balances: [String: Double] = [:]) { self.balances = balances }

    public mutating func add(_ amount: Double, currency: String) { balances[currency, default: 0] += amount }

    public mutating func subtract(_ amount: Double, currency: String) { balances[currency, default: 0] -= amount }

    /// Entries with |x| ≥ 0.01 (the app's near-zero filter).
    public var nonZero: [String: Double] { balances.filter { abs($0.value) >= 0.01 } }

    /// Non-zero entries, largest magnitude first (ties by currency code: port's determinism fix).
    public var sortedCurrencies: [(code: String, amount: Double)] {
        nonZero.map { (code: $0.key, amount: $0.value) }
            .sorted { abs($0.amount) != abs($1.amount) ? abs($0.amount) > abs($1.amount) : $0.code < $1.code }
    }

    public var isSettled: Bool { nonZero.isEmpty }

    /// The largest-magnitude balance, or 0.
    public var primaryAmount: Double { sortedCurrencies.first?.amount ?? 0 }

    /// The largest-magnitude currency, or the default currency.
    public func primaryCurrency(default defaultCurrency: String) -> String {
        sortedCurrencies.first?.code ?? defaultCurrency
    }
}
