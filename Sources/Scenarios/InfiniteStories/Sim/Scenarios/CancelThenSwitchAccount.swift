import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// The user cancels the first migration while it uploads (a rollback), then hands the device
    /// to another account, which signs in: the store's data must not go to the new account.
    static let cancelThenSwitchAccount = StoriesScenario(
        name: "cancel-then-switch-account",
        summary: "the user cancels the migration during its upload, then another account signs in on the device",
        faults: .background(1_000),
        script: { stage in
            stage.addAccount("alice")
            stage.addAccount("bob")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            var random = stage.sim.random.fork("stories:script")
            stage.keepOpen(device)
            stage.launch(device)
            await stage.waitForPhase(device, ["upload.heroes", "upload.stories"][random.below(2)])
            await stage.sim.sleep(for: .milliseconds(Int64(random.below(2_000))))
            stage.switchCredentials(device, to: "bob")
            stage.append(device, .cancelMigration)
            stage.finish(device)
            await device.waitUntilStopped()
        })
}
