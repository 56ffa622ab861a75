import AppPorts

/// The app's balance between "me" and one person, exactly as Swiss Coin computes it in `Double`
/// (`Person.calculateBalance()`, called by the seed at l.1023; the app's BalanceCalculator.swift and
/// `FinancialTransaction.pairwiseBalance`): for every transaction both took part in, each debtor's
/// debt is shared among creditors in proportion to their credit; then settlements between the two.
/// Positive = they owe me.
///
/// Port choices, for determinism only: transactions are visited newest first (the app's
/// `getMutualTransactions` order) with store order for equal dates, and the app's sums over a
/// `Dictionary` are taken in id order.
public enum BalanceCalculator {
    /// `person.calculateBalance()` with `CurrentUser.currentUserId == currentUserId`.
    public static func calculateBalance(personId: String, currentUserId: String, in database: LocalDatabase,
                                        defaultCurrency: String) -> CurrencyBalance {
        var balance = CurrencyBalance()
        guard personId != currentUserId else { return balance }
        for tx in mutualTransactions(personId: personId, currentUserId: currentUserId, in: database) {
            let currency = tx.currency ?? defaultCurrency  // the app's `effectiveCurrency`
            balance.add(pairwiseBalance(tx, personA: currentUserId, personB: personId), currency: currency)
        }
        for settlement in database.settlements {
            let currency = settlement.currency ?? defaultCurrency
            if settlement.fromPersonId == personId && settlement.toPersonId == currentUserId {
                balance.subtract(settlement.amount, currency: currency)
            } else if settlement.fromPersonId == currentUserId && settlement.toPersonId == personId {
                balance.add(settlement.amount, currency: currency)
            }
        }
        return balance
    }

    /// Transactions where both people are payer, multi-payer or split debtor, newest first.
    public static func mutualTransactions(personId: String, currentUserId: String, in database: LocalDatabase)
        -> [FinancialTransaction]
    {
        let mutual = database.transactions.filter { involves($0, personId) && involves($0, currentUserId) }
        return mutual.enumerated()
            .sorted { ($0.element.date ?? .min, $1.offset) > ($1.element.date ?? .min, $0.offset) }
            .map(\.element)
    }

    static func involves(_ tx: FinancialTransaction, _ id: String) -> Bool {
        tx.payerId == id || tx.splits.contains { $0.owedById == id } || tx.payers.contains { $0.paidById == id }
    }

    /// The app's `effectivePayers`: multi-payer rows, else the legacy payer for the whole amount.
    public static func effectivePayers(_ tx: FinancialTransaction) -> [(personId: String?, amount: Double)] {
        if !tx.payers.isEmpty { return tx.payers.map { ($0.paidById, $0.amount) } }
        return [(tx.payerId, tx.amount)]
    }

    /// The app's `pairwiseBalance(personA:personB:)`: > 0 when B owes A.
    public static func pairwiseBalance(_ tx: FinancialTransaction, personA: String, personB: String) -> Double {
        var net: [String: Double] = [:]
        for (personId, paid) in effectivePayers(tx) {
            guard let personId else { continue }
            net[personId, default: 0] += paid
        }
        for split in tx.splits {
            guard let owedBy = split.owedById else { continue }
            net[owedBy, default: 0] -= split.amount
        }
        let netA = net[personA] ?? 0
        let netB = net[personB] ?? 0
        let totalCredit = net.keys.sorted().map { net[$0]! }.filter { $0 > 0.001 }.reduce(0, +)
        guard totalCredit > 0.001 else { return 0 }
        if netA > 0.001 && netB < -0.001 {
            return abs(netB) * (netA / totalCredit)
        } else if netA < -0.001 && netB > 0.001 {
            return -(abs(netA) * (netB / totalCredit))
        }
        return 0
    }
}
