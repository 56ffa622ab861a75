import SimCore
import SimHarness

extension SwiffScenario {
    /// The current build's first launch over a V1 or V2 store killed inside willMigrate or
    /// didMigrate of a custom stage (or anywhere in the open), up to three times in a row, each
    /// time reopened by the user; then edits.
    static let interruptedUpgrade = SwiffScenario(
        name: "interrupted-upgrade",
        summary: "kills inside willMigrate/didMigrate (and the open) of the upgrade, repeated up to three times",
        faults: FaultPolicy(forced: [.kill: 1_000_000], off: [.storage]),
        script: { stage in
            let phone = await stage.setUp("phone", build: 1 + stage.draw(2))
            await stage.pause(days: 1)
            stage.install(phone, build: 3)
            await stage.session(phone, stage.edits(phone, 1), kill: SwiffKill.handlers + ["open"], maxKills: 3)
            await stage.session(phone, stage.edits(phone, 2))
        })
}
