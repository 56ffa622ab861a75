import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// Swiss Coin as the generic scenario sees it: its stage (the fake Supabase, accounts and
/// devices), its healing and its checks. Swiss Coin writes no storage through a faulty disk, so
/// it never meets the storage family.
enum SwissCoinRun: ScenarioApp {
    typealias Defect = SwissCoinDefect
    typealias Stage = SwissCoinStage
    typealias Action = SyncOperation

    /// Per-scenario set-up: the access-token lifetime in seconds, drawn from the seed (nil:
    /// Supabase's 3600 s).
    struct Options: Sendable {
        var tokenLifetime: (@Sendable (inout SimRandom) -> Int64)?
    }

    static var name: String { SwissCoinApp.name }
    static var invariants: [String] { SwissCoinChecks.names }
    static var faultFamilies: [FaultFamily] {
        [.requestLoss, .responseLoss, .duplicate, .serverError, .rateLimit, .slowResponse, .partition, .kill, .buggify]
    }
    static var defaultOptions: Options { Options(tokenLifetime: nil) }

    static func makeStage(_ sim: Simulator, variant: SwissCoinVariant, size: Int, options: Options) -> SwissCoinStage {
        var config = SupabaseConfig()
        if let tokenLifetime = options.tokenLifetime {
            var random = sim.random.fork("swisscoin:auth")
            config.accessTokenSeconds = tokenLifetime(&random)
        }
        return SwissCoinStage(sim: sim, variant: variant, size: size, config: config)
    }

    static func healing(_ stage: SwissCoinStage) -> Healing<SwissCoinStage.DevicePlan> { stage.healingPlan }

    /// The fault-free migrations idempotent-retry compares with, for the plans it applies to.
    static func reference(_ stage: SwissCoinStage, healing: HealingOutcome) -> [String: ReferenceMigration.Outcome] {
        let world = SwissCoinWorld(stage: stage, healing: healing)
        var references: [String: ReferenceMigration.Outcome] = [:]
        for plan in IdempotentRetryChecker().applicablePlans(world) {
            references[plan.device.name] = ReferenceMigration.outcome(plan, account: world.account(plan.owner), main: stage)
        }
        return references
    }

    static func check(_ stage: SwissCoinStage, healing: HealingOutcome, reference: [String: ReferenceMigration.Outcome],
                      history: History) -> [Violation] {
        SwissCoinChecks.run(SwissCoinWorld(stage: stage, healing: healing, references: reference), history: history)
    }
}

/// A Swiss Coin scenario: a script that sets up accounts and devices and injects its faults, over
/// Swiss Coin's stage, healing and checks.
typealias SwissCoinScenario = Scenario<SwissCoinRun>

/// Every Swiss Coin invariant, in report order.
enum SwissCoinChecks {
    static let suite = CheckSuite<SwissCoinWorld>([
        NoLossChecker(), NoDuplicateChecker(), ReferentialIntegrityChecker(), BalanceEqualityChecker(),
        NoCrossAccountLeakChecker(), EventualCompletionChecker(), StatusTruthfulnessChecker(), RoundTripFidelityChecker(),
        NoLostUpdateChecker(), VerifierSoundnessChecker(), ConvergenceChecker(), IdempotentRetryChecker(),
    ])

    static var names: [String] { suite.names }

    static func run(_ world: SwissCoinWorld, history: History) -> [Violation] { suite.run(world, history: history) }
}

extension SwissCoinStage {
    /// Waits (in virtual time) until the device holds a session, so a fault aimed at "the
    /// migration" does not land before the user is signed in.
    /// The bound (6,000 polls of 100 ms: 10 minutes) is above the app's own sign-in budget (10
    /// tries, each a request that may time out and a pause of up to 10 s), so it is hit only
    /// when the app neither signs in nor gives up.
    func waitForSession(_ device: Device, limit: Int = 6_000) async {
        _ = await BoundedWait.until("a session", in: sim, device: device, polls: limit) {
            device.files.read(SimSupabaseClient.keychainPath) != nil
        }
    }
}
