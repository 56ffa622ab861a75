import SimCore
import SimHarness

extension SwiffScenario {
    /// The recovery path: the periodic backup is days older than the user's latest edits when
    /// the upgrade to build 3 meets a disk that fails (disk full, torn writes) on the backup and
    /// the migration's commits, launch after launch.
    static let rollbackAfterFailure = SwiffScenario(
        name: "rollback-after-failure",
        summary: "the upgrade fails for real (disk full, torn writes) while the newest backup is older than the latest edits",
        faults: FaultPolicy(forced: [.storage: 250_000]),
        script: { stage in
            let phone = await stage.setUp("phone", build: 1 + stage.draw(2))
            await stage.pause(days: 2 + stage.draw(4))
            await stage.session(phone, stage.edits(phone, 3))
            await stage.pause(days: 1)
            stage.storageFaults = true
            stage.install(phone, build: 3)
            for _ in 0..<3 { await stage.session(phone, stage.edits(phone, 1), kill: SwiffKill.migration, maxKills: 1) }
        })
}
