import AppPorts
import SimCore
import SimValues
import SwissCoin

/// no-lost-update, the user's side: the columns of every group the user's action changed (the
/// harness's account of the edit, not the groups the app filed it under; for money, the split and
/// payer sets too) reach the server with the values the user set — or with a later edit's of the
/// same entity on the same device (a push reads the store when it is sent). An applied push of the
/// edit's change must carry them, or a later applied push of that entity from that device. The sync
/// checks above trust what was pushed; this one holds the push to what the user did. A pulled row
/// written over a pending edit makes the push carry the server's old value, and a new split set
/// queued under the title's group is never pushed at all: the user's edit is lost without any
/// conflict (both found by mutation testing: the other checks let them pass).
extension NoLostUpdateChecker {
    func intentDiffs(_ world: SwissCoinWorld) -> [EntityDiff] {
        guard !world.ledger.edits.isEmpty else { return [] }
        return Self.intentDiffs(edits: world.ledger.edits, applied: world.acknowledgedEdits.appliedAcks())
    }

    /// The user's values in `edits` (in the order made) that the pushes in `applied` carried
    /// otherwise, or never carried.
    static func intentDiffs(edits: [UserEdits.Edit], applied: [UserEdits.Ack]) -> [EntityDiff] {
        var position: [String: Int] = [:]
        for (index, edit) in edits.enumerated() where position[edit.change.changeId] == nil {
            position[edit.change.changeId] = index
        }
        var diffs: [EntityDiff] = []
        for entry in applied where entry.ack.change.kind != .delete {
            guard let index = position[entry.ack.change.changeId], !edits[index].intended.isEmpty else { continue }
            let edit = edits[index]
            func sameEntity(_ other: UserEdits.Edit) -> Bool {
                other.device == edit.device && other.change.table == edit.change.table && other.change.entityId == edit.change.entityId
            }
            let candidates = edits[index...].filter(sameEntity)
            precondition(!candidates.isEmpty, "an edit is its own candidate")
            // The user deleted it later: what was not pushed by then need not be.
            let deletedLater = candidates.contains { $0.change.kind == .delete }
            // Applied pushes of this entity from this device for a later edit, looked for only when
            // this edit's own push lacks a column (rare: the common case costs no scan).
            var later: [UserEdits.Ack]?
            func laterPushes() -> [UserEdits.Ack] {
                if let later { return later }
                let found = applied.filter { other in
                    guard other.ack.change.changeId != edit.change.changeId, let at = position[other.ack.change.changeId] else { return false }
                    return at > index && sameEntity(edits[at])
                }
                later = found
                return found
            }
            let currency = edit.intended["currency"]?.stringValue ?? entry.ack.fields["currency"]?.stringValue ?? "CHF"
            var unpushed: [String] = []
            for column in edit.intended.keys.sorted() {
                // The edit's own push, else the first later one that carried the column.
                let carried = pushed(entry.ack, column, currency).map { (entry, $0) }
                    ?? laterPushes().lazy.compactMap { other in pushed(other.ack, column, currency).map { (other, $0) } }.first
                guard let (carrier, pushed) = carried
                else {
                    if !deletedLater { unpushed.append(column) }
                    continue
                }
                let typed = candidates.contains { candidate in
                    candidate.intended[column].map { Self.same($0, pushed, money: column == "amount", currency: currency) } ?? false
                }
                if typed { continue }
                diffs.append(EntityDiff(
                    entity: "\(edit.change.table) \(edit.change.entityId.prefix(8)) \(column)", location: "push from \(edit.device)",
                    expected: "\(edit.intended[column]!.canonicalText) (set by the user at \(edit.atNanoseconds / 1_000_000) ms)",
                    actual: "\(pushed.canonicalText) (change \(carrier.ack.change.changeId.prefix(8)), revision \(carrier.ack.revision ?? 0))"))
            }
            if !unpushed.isEmpty {
                diffs.append(EntityDiff(
                    entity: "\(edit.change.table) \(edit.change.entityId.prefix(8)) \(unpushed.joined(separator: ", "))",
                    location: "push from \(edit.device)",
                    expected: "the values set by the user at \(edit.atNanoseconds / 1_000_000) ms",
                    actual: "never pushed (change \(edit.change.changeId.prefix(8)) filed as [\(edit.change.groups.joined(separator: ","))])"))
            }
        }
        return diffs
    }

    /// What `ack`'s push carried for `column` of an edit's intended values (the split or payer
    /// set for their keys), nil if it did not carry it.
    private static func pushed(_ ack: SyncEngine.Acknowledgement, _ column: String, _ currency: String) -> JSONValue? {
        switch column {
        case UserEdits.splitsColumn: return UserEdits.children(ack.splits, person: "owed_by_id", currency: currency)
        case UserEdits.payersColumn: return UserEdits.children(ack.payers, person: "paid_by_id", currency: currency)
        default: return ack.fields[column]
        }
    }
}
