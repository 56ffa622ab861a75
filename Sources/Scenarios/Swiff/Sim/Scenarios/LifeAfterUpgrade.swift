import SimCore
import SimHarness

extension SwiffScenario {
    /// Weeks of use after a clean upgrade to build 3 (from a V1 or a V2 store): each week, 2–9
    /// days after the last, three edits (people, expenses, settlements) and in half the weeks a
    /// manual backup, with the periodic backup due along the way, under a kill (in an edit, a
    /// launch or a backup's copy) and a failing disk (10 % of storage operations). A third of the
    /// weeks end, on a healthy disk, with a restore of the newest backup or of a pre-migration one
    /// (an older version: the next launch upgrades a second time), killed sometimes, then edits.
    static let lifeAfterUpgrade = SwiffScenario(
        name: "life-after-upgrade",
        summary: "weeks after the upgrade: edits, settlements, periodic and manual backups, restores, a second upgrade; kills and a failing disk",
        faults: FaultPolicy(forced: [.kill: 600_000, .storage: 100_000]),
        coverageMarks: ["swiff: a restore after the upgrade", "swiff: a save the app reported as failed"],
        script: { stage in
            let phone = await stage.setUp("phone", build: 1 + stage.draw(2))
            await stage.pause(days: 1 + stage.draw(3))
            stage.install(phone, build: 3)
            await stage.session(phone, stage.edits(phone, 2))
            for _ in 0..<4 {
                await stage.pause(days: 2 + stage.draw(8))
                var actions = stage.edits(phone, 3)
                if stage.draw(2) == 0 { actions.insert(.backupNow, at: stage.draw(actions.count + 1)) }
                stage.storageFaults = true
                await stage.session(phone, actions, kill: ["edit", "launch", "backup.copy"], maxKills: 1)
                stage.storageFaults = false
                guard stage.draw(3) == 0 else { continue }
                let backups = phone.files.list(prefix: "Backups/").filter { $0.hasSuffix(".store") }.sorted()
                let preMigration = backups.filter { $0.contains("pre-migration") }
                let pick = stage.draw(2) == 0 && !preMigration.isEmpty ? preMigration[stage.draw(preMigration.count)] : backups.last
                guard let pick else { continue }
                stage.sim.sometimes("swiff: a restore after the upgrade")
                await stage.session(phone, [.restore(path: pick)], kill: ["restore"], maxKills: 1)
                await stage.session(phone, stage.edits(phone, 2), kill: SwiffKill.migration, maxKills: 1)
            }
        })
}
