import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// The user keeps using the app while the migration runs: creates heroes and renames heroes,
    /// at seeded times and, for sure, once while the heroes upload (a rename of one not sent yet)
    /// and once while the app verifies (a new hero).
    static let concurrentEditsDuringMigration = StoriesScenario(
        name: "concurrent-edits-during-migration",
        summary: "the user creates and renames heroes while the upload and the verification run",
        faults: .background(2_000),
        script: { stage in
            stage.addAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            var random = stage.sim.random.fork("stories:script")
            let heroes = stage.plan(device).dataset.heroes.count
            var edits = 0
            stage.phaseWatchers[device.name] = { [unowned stage] phase in
                edits += 1
                if phase == "upload.heroes" && edits < 20 {
                    stage.append(device, .renameHero(pick: heroes - 1, name: "d1 renamed while uploading \(edits)"))
                } else if phase == "verify" && edits < 20 {
                    stage.append(device, .createHero(name: "d1 made while verifying \(edits)"))
                }
            }
            stage.keepOpen(device)
            stage.launch(device)
            for index in 0..<(2 + random.below(4)) {
                await stage.sim.sleep(for: .milliseconds(Int64(500 + random.below(15_000))))
                let action: UserAction = random.below(2) == 0 ? .createHero(name: "d1 new hero \(index)")
                    : .renameHero(pick: random.below(heroes), name: "d1 renamed hero \(index)")
                stage.append(device, action)
            }
            stage.finish(device)
            stage.sim.sometimes("infinitestories: user edited during the migration")
            await device.waitUntilStopped()
        })
}
