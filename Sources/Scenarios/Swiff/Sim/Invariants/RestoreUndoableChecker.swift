import AppleStandIns
import SimCore
import SimHarness

/// restore-undoable: a restore the app reported left the store it replaced in a backup, byte for
/// byte (the fixed `restore(from:)` backs up the current store first): a restore of the wrong
/// backup can be taken back.
struct RestoreUndoableChecker: InvariantChecker {
    let name = "restore-undoable"

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for event in world.restores where world.reportedRestores.contains("\(event.device)#\(event.incarnation)") {
            // Only a readable store is worth keeping (nothing to undo to otherwise).
            guard let before = event.before, world.stores.snapshot(before) != nil,
                  let phone = world.phones.first(where: { $0.name == event.device }) else { continue }
            if !phone.backups.values.contains(before) {
                diffs.append(EntityDiff(entity: "restore of \(event.source)", location: "\(event.device) launch #\(event.incarnation)",
                                        expected: "the replaced store kept in a backup", actual: "no backup holds it"))
            }
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) restores left no backup of the store they replaced" }
    }
}
