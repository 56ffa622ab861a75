import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// Avatars, audio, illustrations and pictograms named every way the app ever stored them:
    /// file names, absolute paths, `file://` URLs, paths into an earlier install's container, and
    /// files that are gone.
    static let mediaReferenceIntegrity = StoriesScenario(
        name: "media-reference-integrity",
        summary: "media stored as file names, paths, file URLs and stale paths from an earlier install, some files missing",
        faults: .background(2_000),
        options: StoriesRun.Options(mix: .awkward),
        script: { stage in
            stage.addAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            stage.launch(device)
            await device.waitUntilStopped()
        })
}
