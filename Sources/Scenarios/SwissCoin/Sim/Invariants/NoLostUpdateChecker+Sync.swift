import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// no-lost-update for sync edits: for every field group of a live entity, the server holds the
/// values of the last applied edit (highest revision; acknowledged, or in the server's change log
/// when its answer was lost) whose user changed that group. A
/// concurrent edit of another group must not overwrite it (SC-11's pattern, in a sync engine that
/// pushes whole rows).
extension NoLostUpdateChecker {
    func syncDiffs(_ world: SwissCoinWorld, _ rows: ServerRowIndex) -> [EntityDiff] {
        var last: [String: UserEdits.Ack] = [:]  // "table|id|group" → last applied ack touching it
        var order: [String] = []
        var deleted: Set<String> = []
        for entry in world.acknowledgedEdits.appliedAcks() {
            let change = entry.ack.change
            if change.kind == .delete { deleted.insert(change.entityId); continue }
            for group in change.groups {
                let key = "\(change.table)|\(change.entityId)|\(group)"
                if let seen = last[key], (seen.ack.revision ?? 0) >= (entry.ack.revision ?? 0) { continue }
                if last[key] == nil { order.append(key) }
                last[key] = entry
            }
        }
        var diffs: [EntityDiff] = []
        for key in order {
            let entry = last[key]!, change = entry.ack.change
            guard !deleted.contains(change.entityId), let group = SyncFieldGroup(rawValue: String(key.split(separator: "|")[2])),
                  let row = rows.row(change.table, id: change.entityId),
                  (row["deleted_at"] ?? .null).isNull
            else { continue }
            let currency = row["currency"]?.stringValue ?? "CHF"
            for column in group.columns {
                let acked = entry.ack.fields[column] ?? .null, actual = row[column] ?? .null
                if Self.same(acked, actual, money: column == "amount", currency: currency) { continue }
                diffs.append(EntityDiff(
                    entity: "\(change.table) \(change.entityId.prefix(8)) \(column)", location: "server",
                    expected: "\(acked.canonicalText) (acknowledged to \(entry.device) at revision \(entry.ack.revision ?? 0))",
                    actual: "\(actual.canonicalText) (revision \(row["revision"]?.intValue ?? 0))"))
            }
        }
        return diffs
    }

    static func same(_ a: JSONValue, _ b: JSONValue, money: Bool, currency: String) -> Bool {
        if money { return ServerAmount.minor(a, currency: currency) == ServerAmount.minor(b, currency: currency) }
        return a == b
    }
}
