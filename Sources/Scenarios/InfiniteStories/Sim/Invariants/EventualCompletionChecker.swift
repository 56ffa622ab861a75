import SimCore
import SimHarness

/// eventual-completion: after healing (faults off, the app reopened), every device whose data
/// must reach its owner's server has announced completion for that account, has every entity
/// synced and no rollback left unfinished; a device whose data the server cannot hold has no
/// unfinished rollback either. What healing left pending (a device still unsettled after its
/// reopens, and why) is listed too.
struct EventualCompletionChecker: InvariantChecker {
    let name = "eventual-completion"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for device in world.devices {
            if device.rollbackPending {
                diffs.append(EntityDiff(entity: device.name, location: "rollback", expected: "finished", actual: "still pending"))
            }
            guard device.expectation == .migrated, device.intended == device.owner else { continue }
            let announced = world.users[device.owner].map { device.report.completions.contains($0) } ?? false
            let unsynced = device.local.heroes.filter { $0.serverSyncStatus != .synced }.count
                + device.local.stories.filter { $0.serverSyncStatus != .synced }.count
                + device.local.events.filter { $0.serverSyncStatus != .synced }.count
            if !announced || unsynced > 0 {
                diffs.append(EntityDiff(entity: device.name, location: "after healing (\(device.report.attempts) attempts)",
                                        expected: "migration complete, all synced",
                                        actual: "\(announced ? "announced" : "never completed"), \(unsynced) unsynced, last error: \(device.report.lastError ?? "none")"))
            }
        }
        for reason in world.healing.pending {
            diffs.append(EntityDiff(entity: "healing", location: "end of healing", expected: "settled", actual: reason))
        }
        return ViolationReport.of(name, kind: .liveness, diffs) { "\($0) migrations or rollbacks did not finish after healing" }
    }
}
