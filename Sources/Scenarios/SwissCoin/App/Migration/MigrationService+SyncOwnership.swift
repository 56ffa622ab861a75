import AppPorts
import SimValues

/// What a migration does when another device of the account already syncs it (a device restored
/// from a backup, or one opened late, migrates while the first device pushes edits).
///
/// A transaction with its splits and payers is one aggregate: the sync engine replaces the whole
/// split and payer sets of a transaction in the same database transaction as its money
/// (`sync_push`, `replaceChildren`), and bumps its `revision`. The fixed migration inserts rows
/// only if absent, so it never overwrites the transaction row; but the plan upserts each split and
/// payer on its own (l.592-611, l.623-641), and a split whose debtor a sync edit removed no longer
/// exists under its id: a late migration would add it back next to the sync's set, and the
/// transaction's splits would no longer add up to its amount.
///
/// Choice (the one a team shipping this client would make without a new server function): a
/// transaction's children are the migration's only while the server's transaction row is still
/// as a migration wrote it (`revision` 1, not deleted). Once a sync push has written it, the sync
/// owns the whole aggregate and the migration adds none of its children. A migration's own retry
/// keeps working: its transaction rows stay at revision 1 until someone syncs them, and a sync
/// push always carries the complete sets, so nothing is missing when the migration stands back.
/// Left open: the check and the insert are two requests, so a push landing between them (one
/// round trip) still re-adds a stale child; closing that needs the check in the same database
/// transaction as the insert (a `migrate_transaction` function inserting the row with its
/// children), a change to the backend. And a transaction a device pulled half-migrated (its
/// migration killed between steps 8 and 9) and retitled before the migration resumed keeps no
/// splits: no scenario reaches it (devices with data sync only after their own migration).
extension MigrationService {
    /// Whether steps 9 and 10 may add `transactionId`'s splits and payers: the plan always does
    /// (defect `children-readded-after-sync`); fixed, only while no sync push wrote the transaction.
    func mayAddChildren(of transactionId: String) async throws -> Bool {
        if has(.childrenReaddedAfterSync) { return true }
        let rows = try await client.select(table: "financial_transactions", filters: [.eq("id", .string(transactionId))],
                                           orderBy: nil, limit: 1)
        guard let row = rows.first else { return true }  // not on the server (or not ours): the insert fails as before
        let synced = (row["revision"]?.intValue ?? 1) > 1 || !(row["deleted_at"] ?? .null).isNull
        if synced { log("Transaction \(transactionId) was synced from another device: its splits and payers are the server's") }
        return !synced
    }

    /// Whether another device already syncs the account: `sync_changes` (the server's record of
    /// every settled push, readable by its owner) holds a row for it.
    func accountIsSynced() async throws -> Bool {
        guard let authId = authUserId else { return false }
        return try await !client.select(table: "sync_changes", filters: [.eq("owner_id", .string(authId))], orderBy: nil, limit: 1).isEmpty
    }

    /// The local store as the verification must see it once other devices sync the account: every
    /// transaction a sync push wrote (created elsewhere, edited, deleted) taken from the server, the
    /// rest as this device holds it. Read with `sync_pull` from the start; `database` must already
    /// be in the server's identity space. Returns nil when no transaction was synced; otherwise the
    /// overlaid store and the synced transactions whose splits or payers do not add up to their
    /// amount (the server's copy is trusted only when whole: a sync push always writes whole
    /// sets, so a broken one was damaged after it, by a late migration for instance).
    func overlayingSyncedTransactions(on database: LocalDatabase) async throws -> (LocalDatabase, broken: [BalanceMismatch])? {
        var db = database
        var index: [String: Int] = [:]
        for (position, tx) in db.transactions.enumerated() { if let id = tx.id { index[id] = position } }
        let codec = SyncRowCodec(defaultCurrency: defaultCurrency, offsetSeconds: db.timeZoneOffsetSeconds)
        var removed: Set<String> = []
        var broken: [BalanceMismatch] = []
        var adopted = 0
        var cursor: Int64 = 0
        for _ in 0..<Self.maxVerificationPages {
            let answer = try await client.invoke(function: "sync_pull", body: ["cursor": .int(cursor), "limit": .int(200)])
            guard let changes = answer["changes"]?.arrayValue, let next = answer["cursor"]?.intValue else {
                throw SyncError.malformedAnswer(answer.canonicalText)
            }
            for change in changes where change["table"]?.stringValue == SyncTables.transactions {
                guard let row = change["row"]?.objectValue, let id = row["id"]?.stringValue else { continue }
                let deleted = !(row["deleted_at"] ?? .null).isNull
                let position = index[id]
                guard position == nil || deleted || (row["revision"]?.intValue ?? 1) > 1 else { continue }
                adopted += 1
                if deleted {
                    removed.insert(id)
                    continue
                }
                let tx = codec.transaction(from: row, splits: change["splits"]?.arrayValue ?? [], payers: change["payers"]?.arrayValue ?? [],
                                           over: position.map { db.transactions[$0] }, keeping: [])
                broken += Self.sumMismatches(tx, id: id, defaultCurrency: defaultCurrency)
                if let position { db.transactions[position] = tx } else {
                    index[id] = db.transactions.count
                    db.transactions.append(tx)
                }
            }
            cursor = next
            guard answer["more"]?.boolValue == true else {
                guard adopted > 0 else { return nil }
                db.transactions.removeAll { $0.id.map(removed.contains) ?? false }
                log("Verification takes \(adopted) transaction(s) synced from another device from the server")
                return (db, broken)
            }
        }
        throw SyncError.malformedAnswer("sync_pull did not end within \(Self.maxVerificationPages) pages")
    }

    /// The transaction's splits and payers each against its amount, in minor units (a mismatch
    /// names the transaction in `personId`: "transaction <id> splits").
    static func sumMismatches(_ tx: FinancialTransaction, id: String, defaultCurrency: String) -> [BalanceMismatch] {
        let currency = tx.currency ?? defaultCurrency
        let amount = MinorUnits.from(tx.amount, currency: currency)
        var found: [BalanceMismatch] = []
        for (name, parts) in [("splits", tx.splits.map(\.amount)), ("payers", tx.payers.map(\.amount))] where !parts.isEmpty {
            let sum = parts.reduce(Int64(0)) { $0 + MinorUnits.from($1, currency: currency) }
            if sum != amount {
                found.append(BalanceMismatch(personId: "transaction \(id) \(name)", currency: currency, local: Double(amount), server: Double(sum)))
            }
        }
        return found
    }

    /// A bound on the verification's read of the account (200 entities a page).
    static var maxVerificationPages: Int { 10_000 }
}
