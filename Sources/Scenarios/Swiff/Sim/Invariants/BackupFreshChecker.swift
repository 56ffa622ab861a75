import SimCore
import SimHarness

/// backup-fresh: when a healing launch (no faults) opens the store, the newest backup the index
/// lists was taken less than 7 days before it: the periodic backup (seed l.323) keeps running
/// after the upgrade.
struct BackupFreshChecker: InvariantChecker {
    let name = "backup-fresh"

    static let periodMillis: Int64 = 7 * 24 * 3600 * 1000

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for phone in world.phones {
            guard let opened = world.healingOpens[phone.name] else { continue }
            let newest = phone.backupIndex.flatMap(BackupIndex.entries)?.map(\.takenAtMillis).max()
            if let newest, opened - newest < Self.periodMillis { continue }
            diffs.append(EntityDiff(entity: "newest backup", location: phone.name, expected: "taken less than 7 days before the last launch",
                                    actual: newest.map { "\((opened - $0) / 3_600_000) hours before it" } ?? "none listed"))
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) devices have no recent backup" }
    }
}
