import InfiniteStories
import SimCore
import SimHarness

extension StoriesStage {
    /// InfiniteStories' part of healing (the harness runs it): faults end, every script is told
    /// to finish, each device's app is left to stop, and a launched device whose data is not
    /// where it will stay is opened again by its user, up to four times. No rounds of opening every
    /// device (the app's own healing had none; adding them would change every seed's run).
    var healingPlan: Healing<DevicePlan> {
        var healing = Healing(members: plans, device: \.device)
        healing.faultsOff = { for plan in self.plans { self.finish(plan.device) } }
        healing.reopens = 4
        healing.reopensMember = { plan in plan.device.state != .notLaunched }
        healing.unsettled = { plan in self.unsettledReason(plan) }
        // Pending (the default): a device still unsettled after its reopens holds data that is not
        // where it will stay, and eventual-completion lists the reason. That adds no failure:
        // whenever a reason holds, the checker's own per-device test fails for that device too.
        healing.unsettledIsPending = true
        healing.finish = { _ in
            self.phaseWatchers = [:]  // every app has stopped; a watcher that captured the stage would keep it alive
            return []
        }
        return healing
    }

    /// Why the device's data is not where it will stay yet; nil when it is settled: no rollback
    /// pending, and migrated (all synced, completion announced for the owner) unless the server
    /// cannot hold it or another account is signed in.
    func unsettledReason(_ plan: DevicePlan) -> String? {
        if plan.device.files.read(MigrationLedger.rollbackPath) != nil { return "rollback pending" }
        if plan.expectation == .refusedByServer || credentials[plan.device.name] != plan.owner { return nil }
        guard let owner = userId(plan.owner), reports.byDevice[plan.device.name]?.completions.contains(owner) ?? false else {
            return "migration to \(plan.owner) not complete (never announced)"
        }
        let local = LocalData(device: plan.device)
        let unsynced = local.heroes.filter { $0.serverSyncStatus != .synced }.count + local.stories.filter { $0.serverSyncStatus != .synced }.count
            + local.events.filter { $0.serverSyncStatus != .synced }.count
        return unsynced == 0 ? nil : "\(unsynced) entities unsynced"
    }
}
