import AppPorts
import SimCore
import SimHarness

extension SwissCoinScenario {
    /// Request faults of the sync scenarios, capped at 0.1% each (as `interrupted-upload` caps
    /// them), so the edits and syncs meet faults without every pass failing.
    static var syncRequestCaps: [FaultFamily: Int] { [
        .requestLoss: 1_000, .responseLoss: 1_000, .serverError: 1_000, .rateLimit: 1_000, .duplicate: 1_000, .slowResponse: 1_000,
    ] }

    /// Kills in the sync scenarios: half the launches of a syncing app die somewhere in its life
    /// after the migration (see `syncLife`).
    static var syncKillRate: Int { 500_000 }

    /// The sync scenarios' fault policy: whole-life kills on, no random offline windows (each
    /// scenario scripts its own), request faults capped.
    static var syncFaults: FaultPolicy {
        FaultPolicy(forced: [.kill: syncKillRate], off: [.partition], capped: syncRequestCaps)
    }

    /// Every campaign of a sync scenario must kill apps in their pushes, pulls and edits.
    static var syncKillMarks: [String] {
        ["swisscoin: kill in edit", "swisscoin: kill in sync.pull", "swisscoin: kill in sync.push"]
    }

    /// Alice migrates on her phone, then signs in on a new tablet. Both edit the same transactions
    /// and contacts (title, amount with its splits, name, deletes, new transactions) while the
    /// tablet is offline for a while; then both sync. Edits of different field groups must both
    /// survive, every device must end with the server's data, balances must agree.
    static var conflictingEdits: SwissCoinScenario {
        SwissCoinScenario(
            name: "conflicting-edits",
            summary: "two devices of one account edit the same transactions and contacts, one offline, then sync",
            faults: syncFaults,
            coverageMarks: syncKillMarks,
            script: { stage in
                let (phone, tablet) = stage.alicesPhoneAndNewTablet()
                var random = stage.sim.random.fork("conflicting-edits")
                let picks = (0..<3).map { _ in random.below(40) }
                let count = 3 + random.below(4)
                stage.sync.scripts[phone.name] = UserScript(account: stage.account("alice").userId, steps: stage.editSteps(
                    &random, device: "device-1", count: count, startMilliseconds: 2_000, spacingMilliseconds: 1_500, picks: picks,
                    editsWhilePulling: true))
                stage.sync.scripts[tablet.name] = UserScript(account: stage.account("alice").userId, steps: stage.editSteps(
                    &random, device: "device-2", count: count, startMilliseconds: 2_500, spacingMilliseconds: 1_500, picks: picks))
                stage.launch(phone)
                guard await stage.withQuietNetwork({ await stage.waitForMigration(phone) }) else { return }  // no edits while it migrates
                stage.launch(tablet)
                _ = await stage.waitForSession(of: tablet)
                // The tablet loses the network while its user edits, and comes back later.
                await stage.pause(.milliseconds(Int64(1_000 + random.below(2_000))))
                if stage.goOffline(tablet, "editing") { stage.sim.sometimes("swisscoin: device offline while editing") }
                await stage.pause(.milliseconds(Int64(Int(count) * 1_500 + random.below(6_000))))
                stage.sim.network.setOffline(tablet, false)
                await stage.kills.waitUntilDone(phone)
                await stage.kills.waitUntilDone(tablet)
            })
        }

        /// Alice edits offline on her phone for a long while (new transactions, deletes, amounts), the
        /// app is killed at a random moment and reopened; back online it syncs, and her tablet must
        /// end with everything.
        static var offlineEditsThenSync: SwissCoinScenario {
        SwissCoinScenario(
            name: "offline-edits-then-sync",
            summary: "many edits offline, a kill in the middle, then sync to the server and a second device",
            faults: syncFaults,
            coverageMarks: syncKillMarks + ["swisscoin: killed with a pending outbox"],
            script: { stage in
                let (phone, tablet) = stage.alicesPhoneAndNewTablet()
                var random = stage.sim.random.fork("offline-edits")
                let picks = (0..<8).map { _ in random.below(60) }
                let count = 6 + random.below(8)
                stage.sync.scripts[phone.name] = UserScript(account: stage.account("alice").userId, steps: stage.editSteps(
                    &random, device: "device-1", count: count, startMilliseconds: 3_000, spacingMilliseconds: 1_000, picks: picks))
                stage.sync.scripts[tablet.name] = UserScript(steps: [])
                stage.launch(phone)
                stage.launch(tablet)
                guard await stage.withQuietNetwork({ await stage.waitForMigration(phone) }) else { return }
                _ = await stage.waitForSession(of: phone)
                stage.goOffline(phone, "editing")
                await stage.pause(.milliseconds(Int64(2_000 + random.below(count * 1_000))))
                if phone.state == .running,
                   stage.kills.scripted(phone, subject: "\(phone.name)@offline-edits", .inPhase("offline-edits", jobs: 1)) != nil {
                    phone.kill(reason: "killed while offline with pending edits")
                    stage.sim.sometimes("swisscoin: killed with a pending outbox")
                    await stage.pause(.milliseconds(Int64(500 + random.below(3_000))))
                    phone.relaunch()
                }
                await stage.pause(.milliseconds(Int64(count * 1_000 + random.below(5_000))))
                stage.sim.network.setOffline(phone, false)
                await stage.kills.waitUntilDone(phone)
                await stage.kills.waitUntilDone(tablet)
            })
        }
    }

extension SwissCoinStage {
    /// Alice's phone with her local data and a new tablet of hers with none, both swept by
    /// whole-life kills.
    func alicesPhoneAndNewTablet() -> (phone: Device, tablet: Device) {
        createAccount("alice")
        let phone = addDevice("device-1", owner: "alice")
        let tablet = addFreshDevice("device-2", owner: "alice", utcOffsetSeconds: phone.config.utcOffsetSeconds)
        sweepSyncKills([phone, tablet])
        return (phone, tablet)
    }
}
