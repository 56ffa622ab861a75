import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// Alice's device migrates (interrupted, or to the end); she signs out and Bob signs in on
    /// the same device. Bob also migrates his own device. Alice's data must never reach Bob's account.
    static let accountSwitch = StoriesScenario(
        name: "account-switch",
        summary: "a device's migration runs (or finishes), its user signs out, another account signs in there; both accounts migrate their own devices",
        faults: .background(2_000),
        script: { stage in
            stage.addAccount("alice")
            stage.addAccount("bob")
            let shared = stage.addDevice("device-1", owner: "alice", label: "d1")
            let bobs = stage.addDevice("device-2", owner: "bob", label: "d2")
            stage.keepOpen(shared)
            stage.launch(shared)
            stage.launch(bobs)
            var random = stage.sim.random.fork("stories:script")
            let afterCompletion = random.below(2) == 0
            if afterCompletion {
                _ = await BoundedWait.until("alice's migration", in: stage.sim, every: .milliseconds(500), polls: 4_000) {
                    stage.reports.byDevice[shared.name]?.completions.isEmpty == false || stage.reports.byDevice[shared.name]?.rollbacks ?? 0 > 0
                }
            } else {
                await stage.waitForPhase(shared, ["upload.heroes", "upload.stories", "verify"][random.below(3)])
                await stage.sim.sleep(for: .milliseconds(Int64(random.below(3_000))))
            }
            stage.sim.sometimes("infinitestories: account switched \(afterCompletion ? "after" : "during") the migration")
            stage.switchCredentials(shared, to: "bob")
            // Sign Out; the onboarding then asks to sign in, and the user types Bob's credentials.
            stage.append(shared, .signOut)
            stage.finish(shared)
            await shared.waitUntilStopped()
            // The user opens the app again later, signed in as Bob.
            shared.relaunch()
            await shared.waitUntilStopped()
            await bobs.waitUntilStopped()
        })
}
