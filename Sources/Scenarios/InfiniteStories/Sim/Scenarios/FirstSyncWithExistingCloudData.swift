import AppPorts
import FakeCloud
import InfiniteStories
import SimCore
import SimHarness

extension StoriesScenario {
    /// Alice's account already holds heroes and stories made on the web, and her second device
    /// migrates its own data at the same time; on this device she cancels once mid-upload (a
    /// rollback), then migrates again. Nothing made elsewhere may be touched.
    static let firstSyncWithExistingCloudData = StoriesScenario(
        name: "first-sync-with-existing-cloud-data",
        summary: "the account already has heroes and stories from the web and another device; this device's migration is cancelled once, then done",
        faults: .background(2_000),
        script: { stage in
            stage.addAccount("alice")
            stage.createWebData("alice", heroes: 2, storiesPerHero: 2)
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            let other = stage.addDevice("device-2", owner: "alice", label: "d2")
            stage.keepOpen(device)
            stage.launch(other)
            stage.launch(device)
            var random = stage.sim.random.fork("stories:script")
            await stage.waitForPhase(device, ["upload.events", "upload.heroes", "upload.stories"][random.below(3)])
            await stage.sim.sleep(for: .milliseconds(Int64(random.below(4_000))))
            stage.append(device, .cancelMigration)
            stage.finish(device)
            await device.waitUntilStopped()
            await other.waitUntilStopped()
        })
}

extension StoriesStage {
    /// Heroes with stories the account's user made on the website (off the network, caller "web").
    func createWebData(_ label: String, heroes: Int, storiesPerHero: Int) {
        guard let token = webToken(label) else { preconditionFailure("the web could not sign in") }
        for index in 0..<heroes {
            let hero = direct(HTTPRequest(.post, "/api/heroes", body: .json(["name": .string("web Hero \(index + 1)"), "age": 7])).bearer(token), from: "web")
            guard let heroId = hero.json?["data"]?["id"]?.stringValue else { preconditionFailure("web hero: \(hero.status)") }
            for story in 0..<storiesPerHero {
                let body: JSONValue = ["title": .string("web Story \(index + 1).\(story + 1)"), "hero_id": .string(heroId), "content": "From the web."]
                direct(HTTPRequest(.post, "/api/stories", body: .json(body)).bearer(token), from: "web")
            }
        }
    }
}
