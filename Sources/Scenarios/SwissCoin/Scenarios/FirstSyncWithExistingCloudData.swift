import AppPorts
import SimCore
import SimHarness

extension SwissCoinScenario {
    /// Alice's first device migrates; she then edits some rows on the web. Later two more devices
    /// sign into her account, which already has data: one restored from a backup of the same
    /// Core Data history (its rows are all on the server, some edited since), one with a local
    /// history of its own. The edits must survive, and both histories must end up on the server.
    static var firstSyncWithExistingCloudData: SwissCoinScenario {
        SwissCoinScenario(
            name: "first-sync-with-existing-cloud-data",
            summary: "a device restored from the same history and a device with its own history sign into an account that has data edited on the web",
            faults: FaultPolicy(off: [.kill],
                // The first device must get its data onto the server for the later ones to meet it.
                capped: [.requestLoss: 1_000, .responseLoss: 1_000, .serverError: 1_000, .rateLimit: 1_000,
                .duplicate: 1_000, .slowResponse: 2_000, .partition: 0]),
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
            })
        }
    }

    extension SwissCoinStage {
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
