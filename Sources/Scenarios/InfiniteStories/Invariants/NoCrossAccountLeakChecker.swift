import FakeCloud
import SimCore

/// no-cross-account-leak: no row in an account holds another account's data (a device's
/// entities belong to the account that owns its store; they are recognised by local id or name).
struct NoCrossAccountLeakChecker {
    func check(_ world: StoriesWorld) -> [Violation] {
        var ownerByKey: [String: String] = [:]
        for device in world.devices {
            let data = LocalData(heroes: device.original.heroes, stories: device.original.stories, events: device.original.events, files: [:])
            for key in device.local.contentKeys.union(data.contentKeys) { ownerByKey[key] = device.owner }
            for id in device.local.localIds.union(data.localIds) { ownerByKey["id:" + id] = device.owner }
        }
        var diffs: [EntityDiff] = []
        for label in world.users.keys.sorted() {
            for row in world.rows(label).all {
                let owner = row.fields["local_id"]?.stringValue.flatMap { ownerByKey["id:" + $0] }
                    ?? ServerRows.contentKey(row).flatMap { ownerByKey[$0] }
                guard let owner, owner != label else { continue }
                diffs.append(EntityDiff(entity: "\(row.collection) \(ServerRows.contentKey(row) ?? row.id)", location: "account \(label)",
                                        expected: "only in \(owner)'s account", actual: "in \(label)'s"))
            }
        }
        return diffs.isEmpty ? [] : [StoriesChecks.violation("no-cross-account-leak", "one account's data in another account", diffs)]
    }
}
