import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// Kill the app at a seeded point (up to three times): a uniformly drawn phase (sign-in,
    /// export, each upload kind, verify, mark-synced) and an await point in it, or the idle app
    /// before UserDefaults flushed; relaunch, resume until done.
    static let interruptedUpload = StoriesScenario(
        name: "interrupted-upload",
        summary: "kill the app in a seeded phase of the migration (1-3 times) or idle before the flush, relaunch, resume until done",
        // Request faults low enough that an attempt reaches its later phases: flaky-network covers higher rates.
        faults: .migrationKills,
        script: { stage in
            // Half the seeds sign up in the app, half sign in to an account made beforehand.
            var random = stage.sim.random.fork("stories:script")
            let existing = random.below(2) == 0
            stage.addAccount("alice", create: existing)
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            stage.launch(device)
            await stage.killAtSweptPoints(device, maxKills: 3)
            await device.waitUntilStopped()
        })
}
