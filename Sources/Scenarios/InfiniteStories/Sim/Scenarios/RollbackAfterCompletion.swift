import AppPorts
import InfiniteStories
import SimCore
import SimHarness

extension StoriesScenario {
    /// The migration completes; with the app closed the user renames a hero and creates one (a
    /// widget or an extension writes the store); the next launch's pass meets a 503 storm while it
    /// uploads or verifies, and rolls back: only that pass's work may go, never what the completed
    /// generation created.
    static let rollbackAfterCompletion = StoriesScenario(
        name: "rollback-after-completion",
        summary: "edits after a completed migration; the next pass meets a 503 storm in its upload or its verification and rolls back",
        faults: .background(1_000),
        script: { stage in
            stage.addAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            var random = stage.sim.random.fork("stories:script")
            stage.launch(device)
            await device.waitUntilStopped()
            for _ in 0..<4 where stage.reports.byDevice[device.name]?.completions.isEmpty ?? true {
                device.relaunch()
                await device.waitUntilStopped()
            }
            guard stage.reports.byDevice[device.name]?.completions.isEmpty == false else { return }
            stage.editWhileClosed(device, &random)
            let phase = ["upload.heroes", "verify"][random.below(2)]
            let before = stage.timesEntered(device, phase)
            device.relaunch()
            guard await BoundedWait.until("the next pass's \(phase)", in: stage.sim, device: device, polls: 6_000, {
                stage.timesEntered(device, phase) > before
            }) else { return }
            await stage.sim.sleep(for: .milliseconds(Int64(random.below(1_500))))
            stage.startStorm(.serverError, seconds: 30 + random.below(120))
            stage.sim.sometimes("infinitestories: a pass after completion met a storm")
            await device.waitUntilStopped()
        })
}

extension StoriesStage {
    /// With the app closed, the user renames a hero and creates one (the store written directly,
    /// as a widget or a share extension does).
    func editWhileClosed(_ device: Device, _ random: inout SimRandom) {
        guard let cache = try? CacheManager(files: SetupFiles(device: device)) else { return }
        let heroes = cache.fetchAll(Hero.self)
        if !heroes.isEmpty {
            var hero = heroes[random.below(heroes.count)]
            hero.name = "d1 renamed while closed"
            hero.serverSyncStatus = .pending
            if (try? cache.save(hero)) != nil { userSaved(hero, on: device.name) }
        }
        let hero = Hero(id: "0FF11E00-0000-4000-8000-00000000000\(random.below(10))", name: "d1 made while closed", age: 5,
                        traits: ["kind"], createdAtMilliseconds: 1_800_000_000_000)
        if (try? cache.save(hero)) != nil { userSaved(hero, on: device.name) }
    }
}
