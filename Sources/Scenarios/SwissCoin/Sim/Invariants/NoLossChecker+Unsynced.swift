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
        let deletes = LatestDeletes(ledger), rows = ServerRowIndex(world.admin)
        // Every row the server ever stored, by `table|key`: built only when a `gone` answer asks.
        var everStored: Set<String>?
        func wasStored(_ table: String, _ id: String) -> Bool {
            if everStored == nil { everStored = Set(world.admin.provenance.map { $0.table + "|" + $0.primaryKey }) }
            return everStored!.contains(table + "|" + id)
        }
        var pendingByDevice: [String: Set<String>] = [:]
        var diffs: [EntityDiff] = []
        for edit in ledger.edits where !settled.contains(edit.change.changeId) {
            let change = edit.change
            if becameMoot(edit, deletes, rows, wasStored) { continue }
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

    /// Whether a later delete of the same entity made the edit moot: one the same device saved, a
    /// push the server answered `gone` on that device for an entity the server once held (a
    /// `gone` for an entity the server never had is no delete: the app dropped a create it had not
    /// pushed yet), or the server row soft-deleted.
    private func becameMoot(_ edit: UserEdits.Edit, _ deletes: LatestDeletes, _ rows: ServerRowIndex,
                            _ wasStored: (_ table: String, _ id: String) -> Bool) -> Bool {
        let change = edit.change
        let key = LatestDeletes.key(edit.device, change.table, change.entityId)
        if let at = deletes.savedHere[key], at >= edit.atNanoseconds { return true }
        if let at = deletes.goneHere[key], at >= edit.atNanoseconds, wasStored(change.table, change.entityId) {
            return true
        }
        if let deletedAt = rows.row(change.table, id: change.entityId)?["deleted_at"], deletedAt != .null { return true }
        return false
    }
}

/// The latest time each device saw each entity deleted — a delete it saved, or a push the server
/// answered `gone` — indexed once, so each unsettled edit asks in constant time (a scan of the
/// whole ledger per edit made the check quadratic in the number of edits).
private struct LatestDeletes {
    var savedHere: [String: Int64] = [:]
    var goneHere: [String: Int64] = [:]

    init(_ ledger: UserEdits) {
        for edit in ledger.edits where edit.change.kind == .delete {
            let key = Self.key(edit.device, edit.change.table, edit.change.entityId)
            savedHere[key] = max(savedHere[key] ?? .min, edit.atNanoseconds)
        }
        for entry in ledger.acks where entry.ack.outcome == "gone" {
            let key = Self.key(entry.device, entry.ack.change.table, entry.ack.change.entityId)
            goneHere[key] = max(goneHere[key] ?? .min, entry.atNanoseconds)
        }
    }

    static func key(_ device: String, _ table: String, _ id: String) -> String { device + "|" + table + "|" + id }
}
