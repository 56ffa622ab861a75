import AppleStandIns
import SimCore
import SimHarness

/// backup-index-sound: every backup the index lists exists, decodes to a whole store and holds the
/// version hash the index gives. A backup the app counts is one it will offer to restore, and
/// one it counts instead of taking another (the periodic backup waits 7 days after it).
struct BackupIndexSoundChecker: InvariantChecker {
    let name = "backup-index-sound"

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for phone in world.phones {
            guard let bytes = phone.backupIndex else { continue }
            guard let entries = BackupIndex.entries(bytes) else {
                diffs.append(EntityDiff(entity: "Backups/index.json", location: phone.name, expected: "readable", actual: "unreadable"))
                continue
            }
            for entry in entries {
                guard let file = phone.backups[entry.path] else {
                    diffs.append(EntityDiff(entity: entry.path, location: phone.name, expected: "present", actual: "missing"))
                    continue
                }
                guard let snapshot = world.stores.snapshot(file) else {
                    diffs.append(EntityDiff(entity: entry.path, location: phone.name, expected: "a whole store",
                                            actual: "unreadable (\(file.count) bytes)"))
                    continue
                }
                if snapshot.metadata.versionHash != entry.versionHash {
                    diffs.append(EntityDiff(entity: entry.path, location: phone.name, expected: "version hash \(entry.versionHash)",
                                            actual: "version hash \(snapshot.metadata.versionHash)"))
                }
            }
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) backups the index lists cannot be restored" }
    }
}
