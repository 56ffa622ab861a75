import AppPorts
import SimCore
import SimHarness

extension SwissCoinScenario {
    /// Alice's first device migrates; she then edits some rows on the web. Later two more devices
    /// sign into her account, which already has data: one restored from a backup of the same
    /// Core Data history (its rows are all on the server, some edited since), one with a local
    /// history of its own. The edits must survive, and both histories must end up on the server.
    /// Then the first sync: all three devices sync the account (the new ones pull everything the
    /// others hold, page by page), their users edit the same entities, and the apps may be killed
    /// anywhere in that part of their life; every device must end with the account's data.
    static var firstSyncWithExistingCloudData: SwissCoinScenario {
        SwissCoinScenario(
            name: "first-sync-with-existing-cloud-data",
            summary: "a device restored from the same history and a device with its own history sign into an account that has data edited on the web",
            // Kills only in the first sync (the sweep starts after the migrations): the first device
            // must get its data onto the server for the later ones to meet it.
            faults: FaultPolicy(forced: [.kill: syncKillRate],
                capped: [.requestLoss: 1_000, .responseLoss: 1_000, .serverError: 1_000, .rateLimit: 1_000,
                .duplicate: 1_000, .slowResponse: 2_000, .partition: 0]),
            coverageMarks: syncKillMarks,
            script: { stage in
                stage.createAccount("alice")
                let first = stage.addDevice("device-1", owner: "alice")
                stage.launch(first)
                await stage.settle(first, relaunches: 6)
                stage.editMigratedRowsOnWeb(as: "alice")
                let restored = stage.addDevice("device-2", owner: "alice", restoring: stage.plans[0].dataset)
                let own = stage.addDevice("device-3", owner: "alice")
                stage.launch(restored)
                stage.launch(own)
                await restored.waitUntilStopped()
                await own.waitUntilStopped()
                // The first sync begins once every migration completed (a migration running
                // while another device syncs is `restored-device-migrates-during-sync`'s subject).
                // Their retries finish on a quiet network, as in the other sync scenarios.
                let migrated = await stage.withQuietNetwork { await stage.waitForMigrations([first, restored, own]) }
                await stage.firstSync(migrated)
            })
        }
    }

    extension SwissCoinStage {
        /// The devices' first sync after their migrations: each user edits entities the others edit
        /// too (the same pick indexes), kills sweep the apps' whole sync life, and the script waits
        /// until every app is done (a killed one reopened by its user).
        func firstSync(_ devices: [Device]) async {
            var random = sim.random.fork("first-sync")
            let picks = (0..<3).map { _ in random.below(40) }
            let alice = account("alice").userId
            for (index, device) in devices.enumerated() {
                sync.scripts[device.name] = UserScript(account: alice, steps: editSteps(
                    &random, device: device.name, count: 2 + random.below(3), startMilliseconds: 2_000 + 500 * Int64(index),
                    spacingMilliseconds: 1_500, picks: picks, editsWhilePulling: true))
            }
            sweepSyncKills(devices)
            for device in devices { launch(device) }
            for device in devices { await kills.waitUntilDone(device) }
        }

        /// Waits for the device's app to stop, reopening it (up to `relaunches` times) until its
        /// migration reports completion.
        func settle(_ device: Device, relaunches: Int = 3) async {
            for _ in 0...relaunches {
                await device.waitUntilStopped()
                let report = reports.byDevice[device.name]
                if (report?.completedRuns ?? 0) > 0 && report?.lastError == nil { return }
                device.relaunch()
            }
            await device.waitUntilStopped()
        }
    }
