import AppPorts
import SimCore
import SimHarness

extension StoriesScenario {
    /// Kill the app at a seeded point (up to three times): a uniformly drawn phase (sign-in,
    /// export, each upload kind, verify, mark-synced) and an await point in it, or the idle app
    /// before UserDefaults flushed; relaunch, resume until done.
    static let interruptedUpload = StoriesScenario(
        name: "interrupted-upload",
        summary: "kill the app in a seeded phase of the migration (1-3 times) or idle before the flush, relaunch, resume until done",
        faults: FaultPolicy(forced: [.kill: 1_000_000],
            // Low enough that an attempt reaches its later phases: flaky-network covers higher rates.
            capped: [.requestLoss: 1_000, .responseLoss: 1_000, .serverError: 1_000, .rateLimit: 1_000, .duplicate: 1_000,
                     .slowResponse: 2_000, .partition: 0]),
        script: { stage in
            // Half the seeds sign up in the app, half sign in to an account made beforehand.
            var random = stage.sim.random.fork("stories:script")
            let existing = random.below(2) == 0
            stage.addAccount("alice", create: existing)
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            stage.launch(device)
            await stage.killAtSweptPoints(device, maxKills: 3)
            await device.waitUntilStopped()
        })

    /// The server applies writes whose responses never arrive: the client times out and retries.
    static let lostResponse = StoriesScenario(
        name: "lost-response",
        summary: "the server creates a hero (or story, event, file) but the response is lost; the client times out and retries",
        faults: FaultPolicy(forced: [.responseLoss: 15_000], off: [.kill],
            capped: [.requestLoss: 1_000, .serverError: 1_000, .rateLimit: 1_000, .duplicate: 5_000, .slowResponse: 2_000, .partition: 0]),
        script: { stage in
            stage.addAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            stage.launch(device)
            await device.waitUntilStopped()
        })

    /// 5xx, 429 with Retry-After, lost requests, slow responses and partitions, then healing.
    static let flakyNetwork = StoriesScenario(
        name: "flaky-network",
        summary: "5xx, 429 with Retry-After, lost requests, timeouts and partitions during the migration, then healing",
        faults: FaultPolicy(forced: [.serverError: 30_000, .rateLimit: 20_000, .requestLoss: 20_000, .slowResponse: 10_000, .partition: 600_000],
                            off: [.kill]),
        script: { stage in
            stage.addAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            stage.sim.network.schedulePartitions(for: device, within: .seconds(600), windows: 3)
            stage.launch(device)
            await device.waitUntilStopped()
        })

    /// Avatars, audio, illustrations and pictograms named every way the app ever stored them:
    /// file names, absolute paths, `file://` URLs, paths into an earlier install's container, and
    /// files that are gone.
    static let mediaReferenceIntegrity = StoriesScenario(
        name: "media-reference-integrity",
        summary: "media stored as file names, paths, file URLs and stale paths from an earlier install, some files missing",
        faults: FaultPolicy(off: [.kill], capped: [.requestLoss: 2_000, .responseLoss: 2_000, .serverError: 2_000, .rateLimit: 2_000,
                                                   .duplicate: 2_000, .slowResponse: 2_000, .partition: 0]),
        mix: .awkward,
        script: { stage in
            stage.addAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            stage.launch(device)
            await device.waitUntilStopped()
        })
}
