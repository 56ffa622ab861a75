import FakeCloud
import SimCore
import SimHarness

/// no-cross-account-leak: no account ever received another account's data — checked over the
/// server's write log, so a row created in the wrong account and deleted later (by a rollback, say)
/// still counts: another device of that account may have read it meanwhile. A device's entities
/// belong to the account that owns its store; they are recognised by local id or name.
/// Not the shared `LeakCheck`: it reads the server's write log (rows since deleted count), not a
/// snapshot at quiescence.
struct NoCrossAccountLeakChecker: InvariantChecker {
    let name = "no-cross-account-leak"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        var ownerByKey: [String: String] = [:]
        for device in world.devices {
            let data = LocalData(heroes: device.original.heroes, stories: device.original.stories, events: device.original.events, files: [:])
            for key in device.local.contentKeys.union(data.contentKeys) { ownerByKey[key] = device.owner }
            for id in device.local.localIds.union(data.localIds) { ownerByKey["id:" + id] = device.owner }
        }
        let labelByUser = Dictionary(world.users.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var diffs: [EntityDiff] = []
        var seen: Set<String> = []
        for write in world.admin.writes where write.kind == .create || write.kind == .replace || write.kind == .update {
            guard let row = write.row, let label = labelByUser[row.ownerId] else { continue }
            let owner = row.fields["local_id"]?.stringValue.flatMap { ownerByKey["id:" + $0] } ?? ServerRows.contentKey(row).flatMap { ownerByKey[$0] }
            guard let owner, owner != label, seen.insert(row.id).inserted else { continue }
            let live = world.admin.row(id: row.id) != nil
            diffs.append(EntityDiff(entity: "\(row.collection) \(ServerRows.contentKey(row) ?? row.id)", location: "account \(label) by \(write.device)",
                                    expected: "only in \(owner)'s account", actual: live ? "in \(label)'s" : "was in \(label)'s (deleted since)"))
        }
        return ViolationReport.of(name, diffs) { "\($0) rows of one account's data reached another account" }
    }
}
