import AppPorts
import SimCore
import SimHarness
import SwissCoin

extension SwissCoinScenario {
    /// Alice's phone migrates and keeps syncing; her user edits shared transactions and contacts
    /// (amounts with their splits, titles, names, deletes). Meanwhile a second device of hers,
    /// restored from a backup of the phone's data before its migration, runs its own migration
    /// against the account the phone is editing, and then syncs too. Kills sweep the whole life of
    /// both apps: the phone's pushes, pulls and edits, the restored device's migration steps and
    /// its later sync. The restored migration must not undo or duplicate what the phone's sync
    /// wrote (a transaction's splits and payers must still add up to its amount), it must
    /// complete, and both devices must end with the account's data.
    static var restoredDeviceMigratesDuringSync: SwissCoinScenario {
        SwissCoinScenario(
            name: "restored-device-migrates-during-sync",
            summary: "a device restored from an older backup migrates while another device of the account pushes sync edits",
            faults: syncFaults,
            coverageMarks: syncKillMarks + (8...10).map { "swisscoin: kill in \(MigrationKill.phase($0))" }
                + ["swisscoin: sync edit during a restored migration", "swisscoin: restored splits after a synced resplit"],
            script: { stage in
                stage.createAccount("alice")
                let phone = stage.addDevice("device-1", owner: "alice")
                var random = stage.sim.random.fork("restored-during-sync")
                let picks = (0..<3).map { _ in random.below(40) }
                let alice = stage.account("alice").userId
                stage.sync.scripts[phone.name] = UserScript(account: alice, steps: stage.editSteps(
                    &random, device: phone.name, count: 4 + random.below(4), startMilliseconds: 1_000,
                    spacingMilliseconds: stage.editSpacingDuringRestore(&random), picks: picks, resplits: true))
                stage.kills.sweep(phone, SwissCoinStage.syncLife)
                stage.launch(phone)
                // The phone's migration finishes first on a quiet network (its sync is what the
                // restored device must meet); its sync and edits then run under the seed's faults.
                guard await stage.withQuietNetwork({ await stage.waitForMigration(phone) }) else { return }
                let restored = stage.addDevice("device-2", owner: "alice", restoring: stage.plans[0].dataset)
                stage.sync.scripts[restored.name] = UserScript(account: alice, steps: stage.editSteps(
                    &random, device: restored.name, count: 1 + random.below(3), startMilliseconds: 2_000,
                    spacingMilliseconds: 1_500, picks: picks, resplits: true))
                stage.kills.sweep(restored, SwissCoinStage.restoredLife)
                // The restored device opens while the phone's user is editing (0-6 s into it).
                await stage.pause(.milliseconds(Int64(random.below(6_000))))
                stage.launch(restored)
                stage.noteSyncDuringMigration(of: restored, by: phone)
                await stage.kills.waitUntilDone(phone)
                // The restored migration's retries finish on a quiet network (a default-size
                // migration sends thousands of requests: under the capped request faults nearly
                // every attempt meets one), as in first-sync-with-existing-cloud-data.
                await stage.withQuietNetwork { await stage.waitForMigrationFlag(restored) }
                await stage.kills.waitUntilDone(restored)
            })
    }
}

extension SwissCoinStage {
    /// The whole life of a restored device: any migration step, then its pushes, pulls and edits.
    static let restoredLife = LifeSweep(
        phases: (1...16).map(MigrationKill.phase) + ["sync.push", "sync.pull", "edit"], maxJobs: 40, maxKills: 2)

    /// Milliseconds between the phone's edits: they spread over the restored device's migration,
    /// which takes longer the larger the dataset (about 1 minute at the small size).
    func editSpacingDuringRestore(_ random: inout SimRandom) -> Int64 {
        Int64(1_000 + random.below(3_000 * max(1, 5 * size)))
    }

    /// Waits until the device's migration completed for its owner: announced, or its completion
    /// flag durable (a kill between the flushed flag and the announcement leaves no report, and
    /// the app rightly never migrates again). The user reopens a stopped app, up to 30 times.
    func waitForMigrationFlag(_ device: Device, reopens: Int = 30, limit: Int? = nil) async {
        let limit = limit ?? migrationWaitPolls
        guard let owner = plans.first(where: { $0.device.name == device.name })?.owner else { return }
        let key = AppDefaultsKeys.migrationCompleted(account: account(owner).userId)
        var reopened = 0
        for _ in 0..<limit {
            if (reports.byDevice[device.name]?.completedRuns ?? 0) > 0 { return }
            if device.state != .running {
                if device.defaults.value(forKey: key)?.boolValue == true { return }
                guard reopened < reopens else { return }
                reopened += 1
                device.relaunch()
            }
            await pause(.milliseconds(100))
        }
        sim.noteBoundHit("waited \(limit / 10) s for the migration on \(device.name)")
    }

    /// Marks the run when the phone's sync pushed a change while the restored device's migration
    /// was still running (the interleaving this scenario exists for), and when the restored
    /// migration starts its splits (step 9) after a sync push changed who shares a transaction
    /// (the case the fixed migration must stand back from).
    func noteSyncDuringMigration(of restored: Device, by phone: Device) {
        let before = sync.pushes
        reports.stepWatchers[restored.name] = { [weak self] step in
            guard let self, self.sync.pushes > before, (self.reports.byDevice[restored.name]?.completedRuns ?? 0) == 0 else { return }
            self.sim.sometimes("swisscoin: sync edit during a restored migration")
            if step == 9 && self.debtorsChangedBySync(for: restored) { self.sim.sometimes("swisscoin: restored splits after a synced resplit") }
        }
    }

    /// Whether the server no longer has, for some transaction of the restored data, a debtor
    /// that data lists (a sync push changed who shares it): the plan's step 9 would add that
    /// debtor's old split back.
    func debtorsChangedBySync(for restored: Device) -> Bool {
        guard let plan = plans.first(where: { $0.device.name == restored.name }) else { return false }
        let owner = account(plan.owner).userId
        var onServer: [String: Set<String>] = [:]
        for row in server.admin.rows("transaction_splits") {
            guard let tx = row["transaction_id"]?.stringValue, let person = row["owed_by_id"]?.stringValue else { continue }
            onServer[tx, default: []].insert(person)
        }
        return plan.dataset.database.transactions.contains { tx in
            guard let id = tx.id, let debtors = onServer[id] else { return false }
            let local = Set(tx.splits.compactMap(\.owedById).map { $0 == plan.dataset.currentUserId ? owner : $0 })
            return !local.isSubset(of: debtors)
        }
    }
}
