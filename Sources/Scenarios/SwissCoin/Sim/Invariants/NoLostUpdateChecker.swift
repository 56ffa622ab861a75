import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// no-lost-update: a field value the server acknowledged to the user (an edit on the web after the
/// migration) is still the server's value at quiescence, unless the user changed it again. A
/// migration that re-sends its stale snapshot as a full-row upsert (bug zoo SC-11), or writes a
/// placeholder "Me" profile from an empty store, overwrites it; the report names the writer.
/// Not the shared `NoLostUpdateCheck`: the server orders writes by revision per field group, so
/// the last acknowledged value is read from its change log, not from epochs.
struct NoLostUpdateChecker: InvariantChecker {
    let name = "no-lost-update"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var latest: [String: SwissCoinStage.AcknowledgedEdit] = [:]
        var order: [String] = []
        for edit in world.webEdits {
            let key = "\(edit.table)|\(edit.id)|\(edit.column)"
            if latest[key] == nil { order.append(key) }
            latest[key] = edit
        }
        var diffs: [EntityDiff] = []
        let rows = ServerRowIndex(world.admin)
        let resynced = syncWrites(world)
        for key in order {
            let edit = latest[key]!
            let row = rows.row(edit.table, id: edit.id)
            let actual = row?[edit.column] ?? .null
            guard actual != edit.value, !changedAgainBySync(world, edit, resynced) else { continue }
            diffs.append(EntityDiff(entity: "\(edit.table) \(edit.id.prefix(8)) \(edit.column)", location: "server",
                                    expected: edit.value.canonicalText,
                                    actual: "\(actual.canonicalText) (\(overwriter(world, edit)))"))
        }
        diffs += syncDiffs(world, rows)
        diffs += intentDiffs(world)
        return ViolationReport.of(name, diffs) { "\($0) acknowledged edits were overwritten" }
    }

    /// The first later write that changed the edited column: who, how and when.
    func overwriter(_ world: SwissCoinWorld, _ edit: SwissCoinStage.AcknowledgedEdit) -> String {
        let later = world.admin.provenance.first {
            $0.sequence > edit.sequence && $0.table == edit.table && $0.primaryKey == edit.id
                && ($0.row?[edit.column] ?? .null) != edit.value
        }
        guard let later else { return "row gone" }
        return "\(later.operation.rawValue) by \(later.device) at \(later.timeNanoseconds / 1_000_000) ms"
    }

    /// `table|id|column|revision` of every column an applied sync push wrote (its change's groups).
    func syncWrites(_ world: SwissCoinWorld) -> Set<String> {
        guard !world.ledger.edits.isEmpty else { return [] }
        var writes: Set<String> = []
        for entry in world.acknowledgedEdits.appliedAcks() {
            guard let revision = entry.ack.revision else { continue }
            let change = entry.ack.change
            for group in change.groups.compactMap(SyncFieldGroup.init(rawValue:)) {
                for column in group.columns { writes.insert("\(change.table)|\(change.entityId)|\(column)|\(revision)") }
            }
        }
        return writes
    }

    /// Whether a user changed the web-edited column again through an applied sync push after the
    /// web edit (the server's write of that push comes later in its log): then the sync checks
    /// below hold the column to that push.
    func changedAgainBySync(_ world: SwissCoinWorld, _ edit: SwissCoinStage.AcknowledgedEdit, _ writes: Set<String>) -> Bool {
        guard !writes.isEmpty else { return false }
        return world.admin.provenance.contains { entry in
            guard entry.sequence > edit.sequence, entry.table == edit.table, entry.primaryKey == edit.id,
                  let revision = entry.row?["revision"]?.intValue else { return false }
            return writes.contains("\(edit.table)|\(edit.id)|\(edit.column)|\(revision)")
        }
    }
}
