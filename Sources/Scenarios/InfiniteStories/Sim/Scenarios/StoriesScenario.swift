import AppPorts
import FakeCloud
import InfiniteStories
import SimCore
import SimHarness

/// InfiniteStories as the generic scenario sees it: its stage (the REST backend, the accounts and
/// the devices with their local data), its healing and its checks. The app's files go through
/// whole-file atomic writes, so it never meets the storage family.
enum StoriesRun: ScenarioApp {
    typealias Defect = StoriesDefect
    typealias Stage = StoriesStage
    typealias Action = HeroSave
    typealias HealedMember = StoriesStage.DevicePlan

    /// Per-scenario set-up: how the dataset names its media, and the backend's choices a scenario
    /// pins instead of leaving them to the seed.
    struct Options: Sendable {
        var mix: MediaMix = .typical
        /// Draws the access-token lifetime in seconds (nil: one hour).
        var tokenLifetime: (@Sendable (inout SimRandom) -> Int64)?
        /// Draws a story field the backend does not store (verifier-blind-spots; nil: none).
        var unpermittedStoryField: (@Sendable (inout SimRandom) -> String)?
    }

    static var name: String { StoriesApp.name }
    static var invariants: [String] { StoriesChecks.names }
    static var faultFamilies: [FaultFamily] {
        [.requestLoss, .responseLoss, .duplicate, .serverError, .rateLimit, .slowResponse, .partition, .kill, .buggify]
    }
    static var defaultOptions: Options { Options() }

    /// The backend's open choices, then the scenario's field and token lifetime, all from one fork
    /// in this order (the order is part of every seed's run: keep it).
    static func makeStage(_ sim: Simulator, variant: StoriesVariant, size: Int, options: Options) -> StoriesStage {
        var random = sim.random.fork("stories:backend")
        var backend = StoriesBackend.Options.draw(&random)
        backend.unpermittedStoryField = options.unpermittedStoryField?(&random)
        let token = options.tokenLifetime?(&random)
        return StoriesStage(sim: sim, variant: variant, size: size, options: backend, accessTokenSeconds: token, mix: options.mix)
    }

    static func healing(_ stage: StoriesStage) -> Healing<StoriesStage.DevicePlan> { stage.healingPlan }

    static func check(_ stage: StoriesStage, healing: HealingOutcome, reference: Void, history: History) -> [Violation] {
        StoriesChecks.run(StoriesWorld(stage: stage, healing: healing), history: history)
    }
}

/// An InfiniteStories scenario: a script that sets up accounts and devices and injects its
/// faults, over the app's stage, healing and checks.
typealias StoriesScenario = Scenario<StoriesRun>

extension StoriesStage {
    /// Waits (virtual time) until the device's app entered `phase`; false when it stopped first or
    /// the bound was hit.
    @discardableResult
    func waitForPhase(_ device: Device, _ phase: String, polls: Int = 6_000) async -> Bool {
        await BoundedWait.until("phase \(phase)", in: sim, device: device, every: .milliseconds(100), polls: polls) {
            hasEntered(device, phase)
        }
    }
}
