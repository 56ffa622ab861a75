import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// The user's acknowledged sync edits, replayed onto a device's expected data: what the server
/// must hold after the migration *and* everything the account's users changed since. An edit
/// belongs to the account that was signed in when the user made it (not to the session that
/// later pushed it: pushing one account's edit under another is the leak SC-4 describes).
struct AcknowledgedEdits {
    let ledger: UserEdits
    /// The server's log of settled changes (`sync_changes` rows): a push the server applied whose
    /// answer the client never saw (killed, timed out) is indeterminate to the client, but the
    /// server's log says it happened, with the request it applied.
    var serverLog: [Row] = []

    /// Every applied push, in ledger order: the acks the devices received, then the pushes the
    /// server's log shows applied although no device heard the answer.
    func appliedAcks() -> [UserEdits.Ack] {
        var seen: Set<String> = []
        let received = ledger.acks.filter { $0.ack.outcome == "applied" && seen.insert($0.ack.change.changeId).inserted }
        return received + unseenApplied(ledger.edits, except: seen)
    }

    /// Applied pushes of edits made by `account`, per entity in revision order (server order).
    func applied(by account: String) -> [UserEdits.Ack] {
        let mine = Set(ledger.edits.filter { $0.account == account }.map(\.change.changeId))
        return appliedAcks().filter { mine.contains($0.ack.change.changeId) }
            .enumerated().sorted { ($0.element.ack.revision ?? 0, $0.offset) < ($1.element.ack.revision ?? 0, $1.offset) }
            .map(\.element)
    }

    /// Acks built from the server's log for `edits` it applied that no device heard about.
    private func unseenApplied(_ edits: [UserEdits.Edit], except received: Set<String>) -> [UserEdits.Ack] {
        guard !serverLog.isEmpty else { return [] }
        var logged: [String: Row] = [:]
        for row in serverLog where row["outcome"]?.stringValue == "applied" {
            if let id = row["change_id"]?.stringValue { logged[id] = row }
        }
        return edits.compactMap { edit in
            guard !received.contains(edit.change.changeId), let row = logged[edit.change.changeId],
                  let request = row["request"]?.objectValue else { return nil }
            let ack = SyncEngine.Acknowledgement(
                change: edit.change, outcome: "applied", revision: row["revision"]?.intValue,
                fields: request["fields"]?.objectValue ?? [:], splits: request["splits"]?.arrayValue, payers: request["payers"]?.arrayValue)
            return UserEdits.Ack(device: edit.device, account: edit.account, ack: ack, atNanoseconds: edit.atNanoseconds)
        }
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
