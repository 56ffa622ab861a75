import AppPorts
import SimCore
import SimHarness

extension SwissCoinScenario {
    /// A long stretch of an app's life after the migration, drawn from the seed rather than
    /// scripted: two or three devices of one account each take a seeded sequence of actions from
    /// the whole vocabulary (retitles, amounts, who shares a transaction, renames, contact details and archiving, creates and
    /// deletes aimed at the same few entities, signing out and in again; now and then an edit while a pull is in flight), while the network drops them into offline windows and
    /// kills land anywhere in their sync passes, edits, sign-ins, sign-outs and store switches.
    /// Every device must end with the server's data, and nothing saved may be lost.
    static var longSyncSession: SwissCoinScenario {
        SwissCoinScenario(
            name: "long-sync-session",
            summary: "2-3 devices of one account act from the whole vocabulary for minutes: edits on shared entities, sign-out and in, offline windows, kills anywhere",
            faults: FaultPolicy(forced: [.kill: syncKillRate, .partition: 600_000], capped: syncRequestCaps),
            coverageMarks: syncKillMarks + ["swisscoin: kill in sign-in", "swisscoin: kill in sign-out"],
            script: { stage in
                stage.createAccount("alice")
                var random = stage.sim.random.fork("long-sync-session")
                let phone = stage.addDevice("device-1", owner: "alice")
                let others = (2...(2 + random.below(2))).map {
                    stage.addFreshDevice("device-\($0)", owner: "alice", utcOffsetSeconds: phone.config.utcOffsetSeconds)
                }
                let devices = [phone] + others
                stage.sweepSyncKills(devices)
                let picks = (0..<5).map { _ in random.below(40) }  // a few entities everyone edits
                for device in devices {
                    stage.sync.scripts[device.name] = UserScript(
                        account: stage.account("alice").userId,
                        steps: stage.lifeSteps(&random, device: device.name, picks: picks),
                        syncIntervalMilliseconds: Int64(500 + random.below(3_000)))
                }
                stage.launch(phone)
                guard await stage.withQuietNetwork({ await stage.waitForMigration(phone) }) else { return }
                for device in others { stage.launch(device) }
                for device in devices { stage.sim.network.schedulePartitions(for: device, within: .seconds(90), windows: 3) }
                for device in devices { await stage.kills.waitUntilDone(device) }
                // The checks follow each device's real session: a kill between Sign Out and the
                // sign-in leaves it signed out (the reopened app skips steps whose time passed).
                for device in devices { stage.signedIn[device.name] = stage.sessionAccount(of: device) }
            })
    }
}

extension SwissCoinStage {
    /// A device's seeded life after the migration: 8-20 actions 0.5-6 s apart, mostly edits of the
    /// shared `picks`, and now and then the user signs out and back in a few seconds later.
    func lifeSteps(_ random: inout SimRandom, device: String, picks: [Int]) -> [UserScript.Step] {
        let account = self.account("alice")
        var steps = editSteps(&random, device: device, count: 8 + random.below(13), startMilliseconds: 1_000,
                              spacingMilliseconds: Int64(500 + random.below(5_500)), picks: picks, resplits: true,
                              editsWhilePulling: true)
        for _ in 0..<random.below(3) {
            let at = Int64(1_000 + random.below(60_000))
            steps.append(UserScript.Step(atMilliseconds: at, action: .signOut))
            steps.append(UserScript.Step(atMilliseconds: at + Int64(1_000 + random.below(8_000)),
                                         action: .signIn(email: account.email, password: account.password)))
        }
        return steps.sorted { $0.atMilliseconds < $1.atMilliseconds }
    }
}
