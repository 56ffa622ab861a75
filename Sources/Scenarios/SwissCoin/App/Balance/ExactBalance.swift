import AppPorts

/// The fixed variant's balance between "me" and each person: the same net-position rule as the app
/// (`BalanceCalculator`), in integer minor units per currency, with no rounding loss: a transaction's
/// splits and payers are reconciled to its total (`MinorUnits.reconcile`) and each debtor's debt is
/// shared among creditors by `MinorUnits.allocate` (creditors in id order). Positive = they owe me.
/// This is the definition the harness's balance-equality invariant uses.
public enum ExactBalance {
    /// Per-currency minor units that `personId` owes `currentUserId` (zero entries omitted).
    ///
    /// `reconcile`: the device's `Double` splits and payers are first fitted to the transaction's
    /// exact total (the app's own rule). A server's amounts are exact already and are taken as
    /// stored (`false`), so corrupted rows (duplicates, rounding) show in the balance.
    public static func balance(personId: String, currentUserId: String, in database: LocalDatabase,
                               defaultCurrency: String, reconcile: Bool = true) -> [String: Int64] {
        var result: [String: Int64] = [:]
        guard personId != currentUserId else { return result }
        for tx in database.transactions {
            let currency = tx.currency ?? defaultCurrency
            result[currency, default: 0] += pairwise(tx, currency: currency, personA: currentUserId, personB: personId, reconcile: reconcile)
        }
        for settlement in database.settlements {
            let currency = settlement.currency ?? defaultCurrency
            let minor = MinorUnits.from(settlement.amount, currency: currency)
            if settlement.fromPersonId == personId && settlement.toPersonId == currentUserId {
                result[currency, default: 0] -= minor
            } else if settlement.fromPersonId == currentUserId && settlement.toPersonId == personId {
                result[currency, default: 0] += minor
            }
        }
        return result.filter { $0.value != 0 }
    }

    /// Every other person's balance with "me", keyed by person id (persons without an id omitted).
    public static func allBalances(currentUserId: String, in database: LocalDatabase,
                                   defaultCurrency: String) -> [String: [String: Int64]] {
        let everyone = balancesWithEveryone(currentUserId: currentUserId, in: database, defaultCurrency: defaultCurrency)
        var result: [String: [String: Int64]] = [:]
        for person in database.persons {
            guard let id = person.id, id != currentUserId else { continue }
            result[id] = everyone[id] ?? [:]
        }
        return result
    }

    /// Exact net positions (paid − owed) of one transaction, in minor units.
    public static func netPositions(_ tx: FinancialTransaction, currency: String, reconcile: Bool = true) -> [String: Int64] {
        let total = MinorUnits.from(tx.amount, currency: currency)
        var net: [String: Int64] = [:]
        let payers = BalanceCalculator.effectivePayers(tx)
        func fit(_ amounts: [Double]) -> [Int64] {
            reconcile ? MinorUnits.reconcile(amounts, total: total, currency: currency)
                : amounts.map { MinorUnits.from($0, currency: currency) }
        }
        let paid = fit(payers.map(\.amount))
        for (index, payer) in payers.enumerated() {
            guard let id = payer.personId else { continue }
            net[id, default: 0] += paid[index]
        }
        let owed = fit(tx.splits.map(\.amount))
        for (index, split) in tx.splits.enumerated() {
            guard let id = split.owedById else { continue }
            net[id, default: 0] -= owed[index]
        }
        return net
    }

    /// What B owes A on this transaction (negative when A owes B), in minor units.
    static func pairwise(_ tx: FinancialTransaction, currency: String, personA: String, personB: String,
                         reconcile: Bool = true) -> Int64 {
        let net = netPositions(tx, currency: currency, reconcile: reconcile)
        let creditors = net.keys.sorted().filter { net[$0]! > 0 }
        func share(of debtor: String, to creditor: String) -> Int64 {
            guard let debt = net[debtor], debt < 0, let index = creditors.firstIndex(of: creditor) else { return 0 }
            return MinorUnits.allocate(-debt, weights: creditors.map { net[$0]! })[index]
        }
        return share(of: personB, to: personA) - share(of: personA, to: personB)
    }
}
