import SimCore
import SimHarness

extension SwiffScenario {
    /// A store written by an older release (V1, V2, or V1 then V2), of the seeded size, edited
    /// for days, opened by the current build; kills at a point drawn from every phase of the
    /// upgrade (launch, pre-migration backup, open, each stage's willMigrate and didMigrate) and
    /// of later launches; storage faults as the swarm draws them.
    static let schemaUpgrade = SwiffScenario(
        name: "schema-upgrade",
        summary: "stores written by every release opened by the current build; kills at every phase of the upgrade and later launches",
        faults: FaultPolicy(forced: [.kill: 700_000]),
        script: { stage in
            let path = [[1, 3], [2, 3], [1, 2, 3]][stage.draw(3)]
            let phone = await stage.setUp("phone", build: path[0])
            stage.storageFaults = true
            for next in path.dropFirst() {
                await stage.pause(days: 1 + stage.draw(9))
                await stage.session(phone, stage.edits(phone, 2), kill: ["edit"], maxKills: 1)
                stage.install(phone, build: next)
                await stage.session(phone, stage.edits(phone, 2), kill: SwiffKill.migration, maxKills: 3)
            }
            await stage.pause(days: 1 + stage.draw(9))
            await stage.session(phone, stage.edits(phone, 3), kill: ["edit", "launch", "backup.copy"], maxKills: 2)
        })
}
