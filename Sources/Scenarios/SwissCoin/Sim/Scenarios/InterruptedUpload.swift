import AppPorts
import SimCore
import SimHarness

extension SwissCoinScenario {
    /// Kill the app at a seeded point (up to three times): a uniformly drawn step and an await point
    /// in it, or the idle app after it finished, before UserDefaults flushed; relaunch, retry until done.
    static var interruptedUpload: SwissCoinScenario {
        SwissCoinScenario(
            name: "interrupted-upload",
            summary: "kill the app in a seeded migration step, or idle before the defaults flush (1-3 times), relaunch, retry until done",
            // At the swarm's higher request-fault rates every attempt ends in the first steps and the
            // kill sweep never reaches steps 9-16 or the idle window (flaky-network covers those rates).
            faults: .migrationKills,
            coverageMarks: MigrationKill.coverageMarks,
            script: { stage in
                stage.createAccount("alice")
                let device = stage.addDevice("device-1", owner: "alice")
                stage.launch(device)
                await stage.waitForSession(device)
                await stage.killAtSweptPoints(device, maxKills: 3)
            })
        }
    }
