import AppPorts

/// What the user does in the app after the migration: each edit changes the local store and
/// queues an outbox change in the same save, so an edit is either durable with its outbox entry
/// or not made at all (a kill in between loses both). Returns the outbox change, or nil when the
/// entity is not in the store.
public struct LocalEdits {
    let store: LocalStore
    let ids: any IDGenerator
    let clock: any WallClock

    public init(store: LocalStore, ids: any IDGenerator, clock: any WallClock) {
        self.store = store
        self.ids = ids
        self.clock = clock
    }

    /// Renames a contact.
    public func renamePerson(_ id: String, to name: String) throws -> OutboxChange? {
        try edit(SyncTables.persons, id, .update, [.name]) { db in
            guard let index = db.persons.firstIndex(where: { $0.id == id }) else { return false }
            db.persons[index].name = name
            return true
        }
    }

    /// Changes a contact's phone number and colour (nil clears the number).
    public func editContact(_ id: String, phone: String?, colorHex: String) throws -> OutboxChange? {
        try edit(SyncTables.persons, id, .update, [.contact]) { db in
            guard let index = db.persons.firstIndex(where: { $0.id == id }) else { return false }
            db.persons[index].phoneNumber = phone
            db.persons[index].colorHex = colorHex
            return true
        }
    }

    /// Archives a contact (hidden from pickers, kept in every balance), or brings it back.
    public func setArchived(_ id: String, _ archived: Bool) throws -> OutboxChange? {
        try edit(SyncTables.persons, id, .update, [.archived]) { db in
            guard let index = db.persons.firstIndex(where: { $0.id == id }) else { return false }
            db.persons[index].isArchived = archived
            return true
        }
    }

    /// Changes a transaction's title and note.
    public func retitleTransaction(_ id: String, title: String, note: String?) throws -> OutboxChange? {
        try edit(SyncTables.transactions, id, .update, [.text]) { db in
            guard let index = db.transactions.firstIndex(where: { $0.id == id }) else { return false }
            db.transactions[index].title = title
            db.transactions[index].note = note
            return true
        }
    }

    /// Changes a transaction's amount (in minor units); the splits and payers are re-divided in the
    /// proportions they had, so they still add up.
    public func changeAmount(_ id: String, toMinor minor: Int64, defaultCurrency: String) throws -> OutboxChange? {
        try edit(SyncTables.transactions, id, .update, [.money]) { db in
            guard let index = db.transactions.firstIndex(where: { $0.id == id }) else { return false }
            var tx = db.transactions[index]
            let currency = tx.currency ?? defaultCurrency
            let scale = Double(MinorUnits.scale(currency: currency))
            let old = tx.splits.map { max(0, MinorUnits.from($0.amount, currency: currency)) }
            let splitShares = MinorUnits.allocate(minor, weights: old.reduce(0, +) > 0 ? old : old.map { _ in 1 })
            for i in tx.splits.indices { tx.splits[i].amount = Double(splitShares[i]) / scale }
            let oldPayers = tx.payers.map { max(0, MinorUnits.from($0.amount, currency: currency)) }
            let payerShares = MinorUnits.allocate(minor, weights: oldPayers.reduce(0, +) > 0 ? oldPayers : oldPayers.map { _ in 1 })
            for i in tx.payers.indices { tx.payers[i].amount = Double(payerShares[i]) / scale }
            tx.amount = Double(minor) / scale
            db.transactions[index] = tx
            return true
        }
    }

    /// Changes who shares a transaction: the debtor at `index` (modulo the splits) leaves it and the
    /// amount is divided equally among the others; a transaction with one debtor moves its split
    /// to `replacement`. The split set changes, so the server's rows for it are replaced by rows
    /// with other ids (ids are derived from the debtor).
    public func resplit(_ id: String, droppingDebtorAt index: Int, replacement: String, defaultCurrency: String) throws -> OutboxChange? {
        try edit(SyncTables.transactions, id, .update, [.money]) { db in
            guard let at = db.transactions.firstIndex(where: { $0.id == id }), !db.transactions[at].splits.isEmpty else { return false }
            var tx = db.transactions[at]
            let currency = tx.currency ?? defaultCurrency
            let minor = MinorUnits.from(tx.amount, currency: currency)
            var debtors = tx.splits.compactMap(\.owedById)
            guard !debtors.isEmpty else { return false }
            let dropped = debtors.remove(at: index % debtors.count)
            if debtors.isEmpty {
                guard replacement != dropped else { return false }
                debtors = [replacement]
            }
            let scale = Double(MinorUnits.scale(currency: currency))
            let shares = MinorUnits.allocate(minor, weights: debtors.map { _ in 1 })
            tx.splits = zip(debtors, shares).map { TransactionSplit(owedById: $0, amount: Double($1) / scale) }
            db.transactions[at] = tx
            return true
        }
    }

    /// Adds a transaction split equally among `debtors`, paid by `payer`.
    public func createTransaction(title: String, minor: Int64, currency: String, payer: String, debtors: [String],
                                  createdBy: String) throws -> OutboxChange? {
        let id = ids.uuid()
        let scale = Double(MinorUnits.scale(currency: currency))
        let shares = MinorUnits.allocate(minor, weights: debtors.map { _ in 1 })
        let tx = FinancialTransaction(
            id: id, title: title, amount: Double(minor) / scale, currency: currency, date: clock.nowMilliseconds,
            payerId: payer, createdById: createdBy,
            splits: zip(debtors, shares).map { TransactionSplit(owedById: $0, amount: Double($1) / scale) },
            payers: [TransactionPayer(paidById: payer, amount: Double(minor) / scale)])
        return try edit(SyncTables.transactions, id, .create, [.text, .money]) { db in
            db.transactions.append(tx)
            return true
        }
    }

    /// Deletes a transaction (a soft delete on the server).
    public func deleteTransaction(_ id: String) throws -> OutboxChange? {
        try edit(SyncTables.transactions, id, .delete, []) { db in
            guard let index = db.transactions.firstIndex(where: { $0.id == id }) else { return false }
            db.transactions.remove(at: index)
            return true
        }
    }

    private func edit(_ table: String, _ id: String, _ kind: OutboxChange.Kind, _ groups: [SyncFieldGroup],
                      _ change: (inout LocalDatabase) -> Bool) throws -> OutboxChange? {
        var db = try store.load()
        guard change(&db) else { return nil }
        let entry = OutboxChange(changeId: ids.uuid(), table: table, entityId: id, kind: kind,
                                 groups: groups.map(\.rawValue).sorted())
        var sync = db.sync ?? SyncState()
        sync.outbox.append(entry)
        db.sync = sync
        try store.save(db)
        return entry
    }
}
