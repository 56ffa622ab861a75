import AppPorts

extension ExactBalance {
    /// Every person's balance with `currentUserId` in one pass over the store: for each person id,
    /// exactly what `balance(personId:…)` returns (zero entries omitted; persons with nothing
    /// owed either way are absent). Each transaction's net positions are computed once, instead of
    /// once per person, which is what makes the server's `calculate-balance` and the
    /// balance-equality checker cheap on large stores. Tests hold it equal to `balance`.
    public static func balancesWithEveryone(currentUserId me: String, in database: LocalDatabase,
                                            defaultCurrency: String, reconcile: Bool = true) -> [String: [String: Int64]] {
        var sums = BalanceSums()
        for tx in database.transactions {
            let currency = tx.currency ?? defaultCurrency
            let net = netPositionList(tx, currency: currency, reconcile: reconcile)
            guard let mine = net.first(where: { $0.id == me })?.amount, mine != 0 else { continue }
            // Creditors in id order, as `netPositions(…).keys.sorted()` lists them (ids are unique).
            var creditors = net.filter { $0.amount > 0 }
            if creditors.count > 1 { creditors.sort { $0.id < $1.id } }
            let weights = creditors.map(\.amount)
            if mine > 0 {
                // I am a creditor: every debtor owes me their share of their debt.
                let myIndex = creditors.firstIndex { $0.id == me }!
                for (debtor, position) in net where position < 0 {
                    sums.add(MinorUnits.allocate(-position, weights: weights)[myIndex], to: debtor, currency: currency)
                }
            } else {
                // I am a debtor: I owe every creditor their share of my debt.
                let shares = MinorUnits.allocate(-mine, weights: weights)
                for (index, creditor) in creditors.enumerated() {
                    sums.add(-shares[index], to: creditor.id, currency: currency)
                }
            }
        }
        for settlement in database.settlements {
            let currency = settlement.currency ?? defaultCurrency
            let minor = MinorUnits.from(settlement.amount, currency: currency)
            guard let from = settlement.fromPersonId, let to = settlement.toPersonId, from != to else { continue }
            if to == me {
                sums.add(-minor, to: from, currency: currency)
            } else if from == me {
                sums.add(minor, to: to, currency: currency)
            }
        }
        return sums.nonZero(excluding: me)
    }

    /// `netPositions` as a list, each person once, in the order they first appear (payers, then
    /// splits). A transaction has a handful of participants: a linear search costs less than
    /// hashing their ids, and the balance sums are the same whatever the order. Written apart from
    /// `netPositions` on purpose: `ExactBalanceEveryoneTests` holds this table equal to the
    /// per-person rule built on that one, which a shared helper would make a test of itself.
    static func netPositionList(_ tx: FinancialTransaction, currency: String, reconcile: Bool) -> [(id: String, amount: Int64)] {
        let total = MinorUnits.from(tx.amount, currency: currency)
        func fit(_ amounts: [Double]) -> [Int64] {
            reconcile ? MinorUnits.reconcile(amounts, total: total, currency: currency)
                : amounts.map { MinorUnits.from($0, currency: currency) }
        }
        var net: [(id: String, amount: Int64)] = []
        net.reserveCapacity(tx.splits.count + max(1, tx.payers.count))
        func add(_ id: String, _ amount: Int64) {
            if let index = net.firstIndex(where: { $0.id == id }) { net[index].amount += amount } else { net.append((id, amount)) }
        }
        let payers = BalanceCalculator.effectivePayers(tx)
        let paid = fit(payers.map(\.amount))
        for (index, payer) in payers.enumerated() {
            guard let id = payer.personId else { continue }
            add(id, paid[index])
        }
        let owed = fit(tx.splits.map(\.amount))
        for (index, split) in tx.splits.enumerated() {
            guard let id = split.owedById else { continue }
            add(id, -owed[index])
        }
        return net
    }
}

/// Per person, per currency, a running sum of minor units: one hash of the person's id per
/// addition, and a short list of currencies per person (a store holds a few).
private struct BalanceSums {
    private var slots: [String: Int] = [:]
    private var persons: [String] = []
    private var amounts: [[(currency: String, minor: Int64)]] = []

    mutating func add(_ minor: Int64, to person: String, currency: String) {
        let slot: Int
        if let known = slots[person] {
            slot = known
        } else {
            slot = persons.count
            slots[person] = slot
            persons.append(person)
            amounts.append([])
        }
        if let index = amounts[slot].firstIndex(where: { $0.currency == currency }) {
            amounts[slot][index].minor += minor
        } else {
            amounts[slot].append((currency, minor))
        }
    }

    /// Person → currency → sum, without `me`, zero sums and persons left with none.
    func nonZero(excluding me: String) -> [String: [String: Int64]] {
        var result: [String: [String: Int64]] = [:]
        for (slot, person) in persons.enumerated() where person != me {
            let kept = amounts[slot].filter { $0.minor != 0 }
            if !kept.isEmpty { result[person] = Dictionary(uniqueKeysWithValues: kept.map { ($0.currency, $0.minor) }) }
        }
        return result
    }
}
