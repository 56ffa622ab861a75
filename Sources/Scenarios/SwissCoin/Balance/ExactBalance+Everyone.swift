import AppPorts

extension ExactBalance {
    /// Every person's balance with `currentUserId` in one pass over the store: for each person id,
    /// exactly what `balance(personId:…)` returns (zero entries omitted; persons with nothing
    /// owed either way are absent). Each transaction's net positions are computed once, instead of
    /// once per person, which is what makes the server's `calculate-balance` and the
    /// balance-equality checker cheap on large stores. Tests hold it equal to `balance`.
    public static func balancesWithEveryone(currentUserId me: String, in database: LocalDatabase,
                                            defaultCurrency: String, reconcile: Bool = true) -> [String: [String: Int64]] {
        var result: [String: [String: Int64]] = [:]
        for tx in database.transactions {
            let currency = tx.currency ?? defaultCurrency
            let net = netPositions(tx, currency: currency, reconcile: reconcile)
            guard let mine = net[me], mine != 0 else { continue }
            let creditors = net.keys.sorted().filter { net[$0]! > 0 }
            let weights = creditors.map { net[$0]! }
            if mine > 0 {
                // I am a creditor: every debtor owes me their share of their debt.
                let myIndex = creditors.firstIndex(of: me)!
                for (debtor, position) in net where position < 0 {
                    result[debtor, default: [:]][currency, default: 0] += MinorUnits.allocate(-position, weights: weights)[myIndex]
                }
            } else {
                // I am a debtor: I owe every creditor their share of my debt.
                let shares = MinorUnits.allocate(-mine, weights: weights)
                for (index, creditor) in creditors.enumerated() {
                    result[creditor, default: [:]][currency, default: 0] -= shares[index]
                }
            }
        }
        for settlement in database.settlements {
            let currency = settlement.currency ?? defaultCurrency
            let minor = MinorUnits.from(settlement.amount, currency: currency)
            guard let from = settlement.fromPersonId, let to = settlement.toPersonId, from != to else { continue }
            if to == me {
                result[from, default: [:]][currency, default: 0] -= minor
            } else if from == me {
                result[to, default: [:]][currency, default: 0] += minor
            }
        }
        result[me] = nil
        return result.compactMapValues { balances in
            let nonZero = balances.filter { $0.value != 0 }
            return nonZero.isEmpty ? nil : nonZero
        }
    }
}
