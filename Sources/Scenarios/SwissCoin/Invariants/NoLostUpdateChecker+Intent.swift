import AppPorts
import SimCore
import SimValues

/// no-lost-update, the user's side: every applied push carries, in the columns of the groups its
/// change names, the values the user set in that edit — or in a later edit of the same entity on
/// the same device (a push reads the store when it is sent). The sync checks above trust what was
/// pushed; this one holds the push to what the user typed. A pulled row written over a pending
/// edit makes the push carry the server's old value: the user's edit is lost without any conflict
/// (found by mutation testing: the other checks let it pass).
extension NoLostUpdateChecker {
    func intentDiffs(_ world: SwissCoinWorld) -> [EntityDiff] {
        guard !world.ledger.edits.isEmpty else { return [] }
        return Self.intentDiffs(edits: world.ledger.edits, applied: world.acknowledgedEdits.appliedAcks())
    }

    /// The pushed values in `applied` that no edit of the user set (`edits` in the order made).
    static func intentDiffs(edits: [SyncLedger.Edit], applied: [SyncLedger.Ack]) -> [EntityDiff] {
        var position: [String: Int] = [:]
        for (index, edit) in edits.enumerated() where position[edit.change.changeId] == nil {
            position[edit.change.changeId] = index
        }
        var diffs: [EntityDiff] = []
        for entry in applied where entry.ack.change.kind != .delete {
            guard let index = position[entry.ack.change.changeId], !edits[index].intended.isEmpty else { continue }
            let edit = edits[index]
            let candidates = edits[index...].filter {
                $0.device == edit.device && $0.change.table == edit.change.table && $0.change.entityId == edit.change.entityId
            }
            precondition(!candidates.isEmpty, "an edit is its own candidate")
            let currency = edit.intended["currency"]?.stringValue ?? entry.ack.fields["currency"]?.stringValue ?? "CHF"
            for column in edit.intended.keys.sorted() {
                guard let pushed = entry.ack.fields[column] else { continue }
                let typed = candidates.contains { candidate in
                    candidate.intended[column].map { Self.same($0, pushed, money: column == "amount", currency: currency) } ?? false
                }
                if typed { continue }
                diffs.append(EntityDiff(
                    entity: "\(edit.change.table) \(edit.change.entityId.prefix(8)) \(column)", location: "push from \(edit.device)",
                    expected: "\(edit.intended[column]!.canonicalText) (set by the user at \(edit.atNanoseconds / 1_000_000) ms)",
                    actual: "\(pushed.canonicalText) (change \(edit.change.changeId.prefix(8)), revision \(entry.ack.revision ?? 0))"))
            }
        }
        return diffs
    }
}
