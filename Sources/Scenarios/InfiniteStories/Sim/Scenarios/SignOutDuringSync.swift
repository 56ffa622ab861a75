import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// Short-lived access tokens expire mid-upload (refresh), and once the session ends mid-upload
    /// — the user taps Sign Out, or every session is revoked from the web — and the user signs in
    /// again at once, as the same account or, half the time, another.
    static let signOutDuringSync = StoriesScenario(
        name: "sign-out-during-sync",
        summary: "tokens expire mid-upload; the session ends mid-upload (sign-out or revocation) and the user signs in again, maybe as another account",
        faults: .background(2_000),
        options: StoriesRun.Options(tokenLifetime: { random in Int64(20 + random.below(280)) }),
        script: { stage in
            stage.addAccount("alice")
            stage.addAccount("bob")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            let bobs = stage.addDevice("device-2", owner: "bob", label: "d2")
            stage.keepOpen(device)
            stage.launch(device)
            stage.launch(bobs)
            var random = stage.sim.random.fork("stories:script")
            await stage.waitForPhase(device, ["upload.events", "upload.heroes", "upload.stories"][random.below(3)])
            await stage.sim.sleep(for: .milliseconds(Int64(random.below(5_000))))
            if random.below(2) == 0 {
                stage.append(device, .signOut)
            } else if let user = stage.userId("alice") {
                stage.server.revokeSessions(of: user)
                stage.sim.record("web", "alice signs out of all devices")
            }
            let other = random.below(2) == 0
            if other { stage.switchCredentials(device, to: "bob") }
            stage.sim.sometimes("infinitestories: session ended mid-upload, next sign-in as \(other ? "another account" : "the same account")")
            await stage.sim.sleep(for: .milliseconds(Int64(500 + random.below(2_500))))
            stage.append(device, .signIn)
            stage.finish(device)
            await device.waitUntilStopped()
            await bobs.waitUntilStopped()
        })
}
