import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// no-loss, for what the user saved on a device after the migration: an edit the app saved
/// locally (and so showed as done) must reach the server for its account, or still be waiting in
/// a store of that account on the device (its outbox, or the store set aside when another account
/// signed in). It may only disappear unpushed when it became moot: the same device deleted the
/// entity later, or the entity was deleted on the server (a push answered `gone`, or a pull).
/// Convergence cannot see this loss: a device that dropped its unsynced changes and pulled again
/// agrees with the server.
extension NoLossChecker {
    func unsyncedLosses(_ world: SwissCoinWorld) -> [EntityDiff] {
        let ledger = world.ledger
        guard !ledger.edits.isEmpty else { return [] }
        let settled = Set(ledger.acks.map(\.ack.change.changeId))
        var pendingByDevice: [String: Set<String>] = [:]
        var diffs: [EntityDiff] = []
        for edit in ledger.edits where !settled.contains(edit.change.changeId) {
            let change = edit.change
            if becameMoot(edit, world) { continue }
            let key = edit.device + "|" + edit.account
            let pending = pendingByDevice[key] ?? world.pendingChangeIds(of: edit.account, on: edit.device)
            pendingByDevice[key] = pending
            if pending.contains(change.changeId) { continue }
            let label = world.accounts.first { $0.userId == edit.account }?.label ?? String(edit.account.prefix(8))
            diffs.append(EntityDiff(
                entity: "\(change.kind.rawValue) \(change.table) \(change.entityId.prefix(8)) [\(change.groups.joined(separator: ","))]",
                location: "\(edit.device) (\(label)), saved at \(edit.atNanoseconds / 1_000_000) ms",
                expected: "pushed to the server or still pending",
                actual: "gone from the device, never pushed"))
        }
        return diffs
    }

    /// Whether a later delete of the same entity made the edit moot.
    private func becameMoot(_ edit: SyncLedger.Edit, _ world: SwissCoinWorld) -> Bool {
        let change = edit.change
        let ledger = world.ledger
        let deletedHere = ledger.edits.contains {
            $0.device == edit.device && $0.change.kind == .delete && $0.change.table == change.table
                && $0.change.entityId == change.entityId && $0.atNanoseconds >= edit.atNanoseconds
        }
        if deletedHere { return true }
        let goneHere = ledger.acks.contains {
            $0.device == edit.device && $0.ack.outcome == "gone" && $0.ack.change.table == change.table
                && $0.ack.change.entityId == change.entityId && $0.atNanoseconds >= edit.atNanoseconds
        }
        if goneHere { return true }
        let row = world.admin.rows(change.table).first { $0["id"]?.stringValue == change.entityId }
        if let deletedAt = row?["deleted_at"], deletedAt != .null { return true }
        return false
    }
}
