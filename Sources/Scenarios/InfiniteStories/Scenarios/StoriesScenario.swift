import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// An InfiniteStories scenario: the fault families it forces, how the dataset names its media,
/// the backend's open choices it pins, and a script that sets up accounts and devices and
/// injects its faults; healing and the checks are common to all.
struct StoriesScenario: AppScenario {
    let app = StoriesApp.name
    let name: String
    let summary: String
    let invariants = StoriesChecks.names
    /// What the scenario does to the seed's swarm plan (storage faults never: the app's files go
    /// through whole-file atomic writes).
    var faults = FaultPolicy()
    var mix: MediaMix = .typical
    /// Draws the access-token lifetime in seconds (nil: one hour).
    var tokenLifetime: (@Sendable (inout SimRandom) -> Int64)? = nil
    /// A story field the backend does not store (verifier-blind-spots).
    var unpermittedStoryField: (@Sendable (inout SimRandom) -> String)? = nil
    let script: @Sendable (StoriesStage) async -> Void

    func execute(in sim: Simulator, variant name: String, size: Int) throws -> [Violation] {
        let variant = try StoriesVariant.parse(name)
        faults.turningOff([.storage]).apply(to: sim.faults)
        var random = sim.random.fork("stories:backend")
        var options = StoriesBackend.Options.draw(&random)
        options.unpermittedStoryField = unpermittedStoryField?(&random)
        let token = tokenLifetime?(&random)
        let stage = StoriesStage(sim: sim, variant: variant, size: size, options: options, accessTokenSeconds: token, mix: mix)
        let script = self.script
        try sim.run { _ in
            await script(stage)
            await stage.heal()
        }
        return StoriesChecks.run(StoriesWorld(stage: stage))
    }
}

extension StoriesStage {
    /// Healing: faults off, killed apps relaunched, every script finished; a device whose
    /// migration has not reached its end is opened again by its user, up to `relaunches` times.
    func heal(relaunches: Int = 4) async {
        sim.beginHealing()
        for plan in plans { finish(plan.device) }
        for plan in plans where plan.device.state != .notLaunched {
            for _ in 0..<relaunches {
                await plan.device.waitUntilStopped()
                if isSettled(plan) { break }
                plan.device.relaunch()
            }
            await plan.device.waitUntilStopped()
        }
        phaseWatchers = [:]  // every app has stopped; a watcher that captured the stage would keep it alive
    }

    /// Whether the device's data is where it will stay: no rollback pending, and migrated (all
    /// synced, completion announced for the owner) unless the server cannot hold it or another
    /// account is signed in.
    func isSettled(_ plan: DevicePlan) -> Bool {
        if plan.device.files.read(MigrationLedger.rollbackPath) != nil { return false }
        if plan.expectation == .refusedByServer || credentials[plan.device.name] != plan.owner { return true }
        guard let owner = userId(plan.owner), reports.byDevice[plan.device.name]?.completions.contains(owner) ?? false else { return false }
        let local = LocalData(device: plan.device)
        return local.heroes.allSatisfy { $0.serverSyncStatus == .synced } && local.stories.allSatisfy { $0.serverSyncStatus == .synced }
            && local.events.allSatisfy { $0.serverSyncStatus == .synced }
    }

    /// Waits (virtual time) until the device's app entered `phase`; false when it stopped first or
    /// the bound was hit.
    @discardableResult
    func waitForPhase(_ device: Device, _ phase: String, polls: Int = 6_000) async -> Bool {
        await BoundedWait.until("phase \(phase)", in: sim, device: device, every: .milliseconds(100), polls: polls) {
            hasEntered(device, phase)
        }
    }

    /// Lets virtual time pass.
    func pause(_ duration: Duration) async {
        try? await sim.rootClock.sleep(until: sim.now.advanced(by: duration), tolerance: nil)
    }
}

extension FaultPolicy {
    /// Background network faults: every network family capped at `ppm`, no partitions, no kills.
    static func background(_ ppm: Int) -> FaultPolicy {
        FaultPolicy(off: [.kill], capped: [.requestLoss: ppm, .responseLoss: ppm, .serverError: ppm, .rateLimit: ppm, .duplicate: ppm,
                                           .slowResponse: ppm, .partition: 0])
    }
}
