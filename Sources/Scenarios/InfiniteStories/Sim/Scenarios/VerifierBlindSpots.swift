import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// The backend does not store one story field (a strong-parameters list missing it: the key is
    /// dropped and the create still answers 201). Only a verification by content can notice; the
    /// data cannot be migrated, and the app must not claim it was.
    static let verifierBlindSpots = StoriesScenario(
        name: "verifier-blind-spots",
        summary: "the backend silently drops one story field; the app's verification must notice and the migration must not claim success",
        faults: .background(1_000),
        options: StoriesRun.Options(unpermittedStoryField: { random in ["play_count", "is_favorite", "language"][random.below(3)] }),
        script: { stage in
            stage.addAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1", expectation: .refusedByServer)
            stage.launch(device)
            await device.waitUntilStopped()
        })
}
