import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// A Swiss Coin scenario: which fault families it forces on, and a script that sets up accounts
/// and devices and injects its faults; healing and the checks are common to all.
struct SwissCoinScenario: AppScenario {
    let app = SwissCoinApp.name
    let name: String
    let summary: String
    let invariants = SwissCoinChecks.names
    /// What the scenario does to the seed's swarm plan. Swiss Coin writes no storage through a
    /// faulty disk, so the storage family is always off. Capped families stay low enough that a
    /// migration still reaches its later steps, so the scenario's own fault can land there.
    var faults = FaultPolicy()
    /// Draws the access-token lifetime in seconds from the seed (nil: Supabase's 3600 s).
    var tokenLifetime: (@Sendable (inout SimRandom) -> Int64)? = nil
    let script: @Sendable (SwissCoinStage) async -> Void

    func execute(in sim: Simulator, variant name: String, size: Int) throws -> [Violation] {
        let variant = try SwissCoinVariant.parse(name)
        faults.turningOff([.storage]).apply(to: sim.faults)
        var config = SupabaseConfig()
        if let tokenLifetime {
            var random = sim.random.fork("swisscoin:auth")
            config.accessTokenSeconds = tokenLifetime(&random)
        }
        let stage = SwissCoinStage(sim: sim, variant: variant, size: size, config: config)
        let script = self.script
        try sim.run { _ in
            await script(stage)
            await stage.heal()
        }
        return SwissCoinChecks.run(SwissCoinWorld(stage: stage), history: sim.history)
    }
}

/// Every Swiss Coin invariant, in report order.
enum SwissCoinChecks {
    static var names: [String] {
        ["no-loss", "no-duplicate", "referential-integrity", "balance-equality", "no-cross-account-leak",
         "eventual-completion", "status-truthfulness", "round-trip-fidelity", "no-lost-update", "verifier-soundness",
         "convergence", "idempotent-retry"]
    }

    static func run(_ world: SwissCoinWorld, history: History) -> [Violation] {
        NoLossChecker().check(world, history: history)
            + NoDuplicateChecker().check(world, history: history)
            + ReferentialIntegrityChecker().check(world, history: history)
            + BalanceEqualityChecker().check(world, history: history)
            + NoCrossAccountLeakChecker().check(world, history: history)
            + EventualCompletionChecker().check(world, history: history)
            + StatusTruthfulnessChecker().check(world, history: history)
            + RoundTripFidelityChecker().check(world, history: history)
            + NoLostUpdateChecker().check(world, history: history)
            + VerifierSoundnessChecker().check(world, history: history)
            + ConvergenceChecker().check(world, history: history)
            + IdempotentRetryChecker().check(world, history: history)
    }
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
