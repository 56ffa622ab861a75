import AppleStandIns
import SimCore
import SimHarness

/// backup-restorable: for every upgrade that migrated a device's store, a backup file holds the
/// store exactly as the old build left it, and reads back as a whole store (it decodes, and
/// encodes to the same bytes).
struct BackupRestorableChecker: InvariantChecker {
    let name = "backup-restorable"

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for upgrade in world.upgrades {
            guard let before = upgrade.store, let old = LogicalStore.version(of: before),
                let phone = world.phones.first(where: { $0.name == upgrade.device }),
                let now = phone.logical, now.version > old else { continue }
            let restorable = phone.backups.values.contains { $0 == before && world.stores.snapshot($0)?.encoded() == $0 }
            if !restorable {
                let torn = phone.backups.filter { world.stores.snapshot($0.value) == nil }.keys.sorted()
                diffs.append(EntityDiff(entity: "backup before build \(upgrade.from)→\(upgrade.to)", location: upgrade.device,
                                        expected: "a copy of the V\(old) store",
                                        actual: "none among \(phone.backups.count) backups\(torn.isEmpty ? "" : " (unreadable: \(torn.joined(separator: ", ")))")"))
            }
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) upgrades have no restorable backup of the store they migrated" }
    }
}
