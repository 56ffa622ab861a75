import AppPorts
import SimCore
import SimHarness

/// The user's acknowledged sync edits, replayed onto a device's expected data: what the server
/// must hold after the migration *and* everything the account's users changed since. An edit
/// belongs to the account that was signed in when the user made it (not to the session that
/// later pushed it: pushing one account's edit under another is the leak SC-4 describes).
struct AcknowledgedEdits {
    let ledger: SyncLedger

    /// Applied acks of edits made by `account`, per entity in revision order (server order).
    func applied(by account: String) -> [SyncLedger.Ack] {
        let mine = Set(ledger.edits.filter { $0.account == account }.map(\.change.changeId))
        var seen: Set<String> = []
        return ledger.acks
            .filter { $0.ack.outcome == "applied" && mine.contains($0.ack.change.changeId) && seen.insert($0.ack.change.changeId).inserted }
            .enumerated().sorted { ($0.element.ack.revision ?? 0, $0.offset) < ($1.element.ack.revision ?? 0, $1.offset) }
            .map(\.element)
    }

    /// `db` with `account`'s acknowledged edits applied.
    func apply(account: String, to db: LocalDatabase, defaultCurrency: String) -> LocalDatabase {
        let acks = applied(by: account)
        guard !acks.isEmpty else { return db }
        var db = db
        let codec = SyncRowCodec(defaultCurrency: defaultCurrency, offsetSeconds: db.timeZoneOffsetSeconds)
        for entry in acks {
            let ack = entry.ack, id = ack.change.entityId
            let groups = Set(ack.change.groups.compactMap(SyncFieldGroup.init(rawValue:)))
            let untouched = Set(SyncFieldGroup.allCases).subtracting(groups)
            switch (ack.change.kind, ack.change.table) {
            case (.delete, _):
                SyncEngine.removeEntity(ack.change.table, id, from: &db)
            case (_, SyncTables.persons):
                guard let index = db.persons.firstIndex(where: { $0.id == id }) else { continue }
                db.persons[index] = codec.person(from: merged(ack, groups), over: db.persons[index], keeping: untouched)
            case (.create, SyncTables.transactions):
                var row = ack.fields
                row["id"] = .string(id)
                if !db.transactions.contains(where: { $0.id == id }) {
                    db.transactions.append(codec.transaction(from: row, splits: ack.splits ?? [], payers: ack.payers ?? [], over: nil, keeping: []))
                }
            case (.update, SyncTables.transactions):
                guard let index = db.transactions.firstIndex(where: { $0.id == id }) else { continue }
                db.transactions[index] = codec.transaction(from: merged(ack, groups), splits: ack.splits ?? [], payers: ack.payers ?? [],
                                                           over: db.transactions[index], keeping: untouched)
            default:
                continue
            }
        }
        return db
    }

    /// The ack's values for the user's groups only (a whole-row push carries more).
    private func merged(_ ack: SyncEngine.Acknowledgement, _ groups: Set<SyncFieldGroup>) -> CloudRow {
        var row: CloudRow = ["id": .string(ack.change.entityId)]
        for group in groups { for column in group.columns { row[column] = ack.fields[column] ?? .null } }
        return row
    }
}
