import SimCore

extension SwissCoinScenario {
    /// Kill the app at a seeded await point during the migration (up to three times), relaunch,
    /// retry until done.
    static let interruptedUpload = SwissCoinScenario(
        name: "interrupted-upload",
        summary: "kill the app at a random await point during migration (1-3 times), relaunch, retry until done",
        forced: [.kill: 1_000_000],
        script: { stage in
            stage.createAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice")
            stage.launch(device)
            await stage.waitForSession(device)
            await stage.killAtRandomAwaitPoints(device, maxKills: 3)
        })
}
