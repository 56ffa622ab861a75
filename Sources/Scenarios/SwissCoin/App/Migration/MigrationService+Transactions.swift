import AppPorts
import SimValues

/// Steps 8-10: transactions, splits, payers (seed l.553-646).
extension MigrationService {
    /// S8, seed l.553-585.
    func migrateTransactions() async throws {
        guard let authId = authUserId else { return }
        var count = 0
        let database = try fetch()
        for tx in database.transactions {
            guard let txId = tx.id else {
                skip("financial_transactions", nil, "transaction without id")
                continue
            }
            let dto: CloudRow = [
                "id": .string(txId), "owner_id": .string(authId), "title": .string(tx.title ?? ""),
                "amount": money(tx.amount, currency: tx.currency ?? defaultCurrency),
                "currency": text(tx.currency), "split_method": text(tx.splitMethod),
                "date": calendarDay(tx.date, offsetSeconds: database.timeZoneOffsetSeconds),
                "note": text(tx.note),
                "payer_id": id(tx.payerId.map(remapPersonId)),
                "created_by_id": id(tx.createdById.map(remapPersonId)),
                "group_id": id(tx.groupId),
            ]
            try await upsertEntity("financial_transactions", dto)
            count += 1
        }
        entityCounts["Transactions"] = count
    }

    /// S9, seed l.587-616. Seed: a fresh `UUID()` per split per run (SC-1). Fixed: the id is derived
    /// from the transaction, the (remapped) debtor and the occurrence of that debtor in the
    /// transaction, so every run and device sends the same key.
    func migrateSplits() async throws {
        var count = 0
        for tx in try fetch().transactions {
            guard let txId = tx.id else {
                skip("transaction_splits", nil, "splits of a transaction without id")
                continue
            }
            guard try await mayAddChildren(of: txId) else { continue }  // the sync owns its splits now
            let currency = tx.currency ?? defaultCurrency
            let exact = MinorUnits.reconcile(tx.splits.map(\.amount), total: MinorUnits.from(tx.amount, currency: currency),
                                             currency: currency)
            var seen: [String: Int] = [:]
            for (index, split) in tx.splits.enumerated() {
                guard let owedById = split.owedById else {
                    skip("transaction_splits", txId, "split without debtor")
                    continue
                }
                let owedBy = remapPersonId(owedById)
                let occurrence = seen[owedBy, default: 0]
                seen[owedBy] = occurrence + 1
                let dto: CloudRow = [
                    "id": .string(has(.splitFreshUUID) ? ids.uuid()
                        : DeterministicID.uuid(["transaction_splits", txId, owedBy, String(occurrence)])),
                    "transaction_id": .string(txId),
                    "owed_by_id": .string(owedBy),
                    "amount": money(minor: exact[index], fallback: split.amount, currency: currency),
                    "raw_amount": rawAmount(split.rawAmount),
                ]
                try await upsertEntity("transaction_splits", dto)
                count += 1
            }
        }
        entityCounts["Splits"] = count
    }

    /// Seed l.604 sends `rawAmount` only when > 0 (a 0 or a negative refund input becomes null).
    /// Fixed: the stored value as it is (it is the user's input, e.g. a percentage, not money).
    func rawAmount(_ raw: Double) -> JSONValue {
        if has(.rawAmountDropped) { return raw > 0 ? .double(raw) : .null }
        return .double(raw)
    }

    /// S10, seed l.618-646 (same id rule as splits: SC-2).
    func migratePayers() async throws {
        var count = 0
        for tx in try fetch().transactions {
            guard let txId = tx.id else {
                skip("transaction_payers", nil, "payers of a transaction without id")
                continue
            }
            guard try await mayAddChildren(of: txId) else { continue }  // the sync owns its payers now
            let currency = tx.currency ?? defaultCurrency
            let exact = MinorUnits.reconcile(tx.payers.map(\.amount), total: MinorUnits.from(tx.amount, currency: currency),
                                             currency: currency)
            var seen: [String: Int] = [:]
            for (index, payer) in tx.payers.enumerated() {
                guard let paidById = payer.paidById else {
                    skip("transaction_payers", txId, "payer without person")
                    continue
                }
                let paidBy = remapPersonId(paidById)
                let occurrence = seen[paidBy, default: 0]
                seen[paidBy] = occurrence + 1
                let dto: CloudRow = [
                    "id": .string(has(.payerFreshUUID) ? ids.uuid()
                        : DeterministicID.uuid(["transaction_payers", txId, paidBy, String(occurrence)])),
                    "transaction_id": .string(txId),
                    "paid_by_id": .string(paidBy),
                    "amount": money(minor: exact[index], fallback: payer.amount, currency: currency),
                ]
                try await upsertEntity("transaction_payers", dto)
                count += 1
            }
        }
        entityCounts["Payers"] = count
    }
}
