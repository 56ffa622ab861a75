import SimCore

/// Most trace records a failure shows at the end of the run.
let traceTailLength = 20
/// Most records naming the failure's entity it shows before that.
let aboutEntityLength = 12

/// Runs `body` once per seed of `seeds` (or of `SIMRUN_SEED` / `SIMRUN_SEEDS`), each with a fresh
/// `Simulator`, and stops at the first seed whose body throws. The body builds the world, calls
/// `sim.run { … }` and checks it (`expectInvariant`). The failure names the seed, the invariant,
/// the run's last trace records (the seed is re-run with the trace on: runs are deterministic)
/// and the line that reproduces it (`LedgerService` stands for your own `SimService`; simrun's
/// toy one lives in its `LedgerWorkload` target):
///
/// ```swift
/// func testUploadSurvivesKills() throws {
///     try simulate(seeds: 1...500) { sim in
///         let ledger = sim.network.register(LedgerService())
///         …
///         try sim.run { sim in … }
///         try expectInvariant(sim.network.service(ledger).balances["total"] == 5050, "no-loss", "…")
///     }
/// }
/// ```
///
/// Throws `SimulationFailure`; XCTest and Swift Testing both fail the test with its text. Safe in
/// parallel tests: every run stays on the calling thread and shares nothing.
///
/// `SIMRUN_SEED` / `SIMRUN_SEEDS` replace `seeds` unless `environmentOverrides` is false: a test
/// that asserts a bug is caught within exactly these seeds (`XCTAssertThrowsError(try simulate(
/// seeds: 1...100, environmentOverrides: false) { … })`) keeps its range when CI narrows or widens
/// everyone else's.
public func simulate(seeds: ClosedRange<UInt64>, environmentOverrides: Bool = true, options: SimulatorOptions = SimulatorOptions(),
                     test: String = #function, _ body: (Simulator) throws -> Void) throws {
    try simulateSync(seeds: seeds, environment: environmentOverrides ? nil : [:], options: options, test: test, body)
}

/// The async form: `body` runs inside the simulation (as the root task of `sim.run`, which this
/// calls for you), so it can launch devices, await them and check the world at the end. The call
/// itself is synchronous (the simulation drives its own loop on the calling thread), so it reads
/// the same in a synchronous or an `async` test:
///
/// ```swift
/// try simulate(seeds: 1...500) { sim in
///     let phone = sim.addDevice("phone")
///     phone.launch { context in … }
///     await phone.waitUntilStopped()
///     try expectInvariant(…)
/// }
/// ```
public func simulate(seeds: ClosedRange<UInt64>, environmentOverrides: Bool = true, options: SimulatorOptions = SimulatorOptions(),
                     test: String = #function, _ body: @escaping @Sendable (Simulator) async throws -> Void) throws {
    try simulateSync(seeds: seeds, environment: environmentOverrides ? nil : [:], options: options, test: test) { sim in
        try sim.run { sim in try await body(sim) }
    }
}

/// One seed exactly (no environment override): the body of a parameterised test,
/// `@Test(arguments: simulationSeeds(1...200)) func upload(seed: UInt64) throws { try simulate(seed: seed) { … } }`.
public func simulate(seed: UInt64, options: SimulatorOptions = SimulatorOptions(), test: String = #function,
                     _ body: (Simulator) throws -> Void) throws {
    try simulateSync(seeds: seed...seed, environment: [:], options: options, test: test, body)
}

/// The async form of `simulate(seed:)`: `body` runs inside the simulation.
public func simulate(seed: UInt64, options: SimulatorOptions = SimulatorOptions(), test: String = #function,
                     _ body: @escaping @Sendable (Simulator) async throws -> Void) throws {
    try simulateSync(seeds: seed...seed, environment: [:], options: options, test: test) { sim in
        try sim.run { sim in try await body(sim) }
    }
}

/// Every form's loop: the seeds after the environment's override, stopping at the first failure.
func simulateSync(seeds: ClosedRange<UInt64>, environment: [String: String]? = nil, options: SimulatorOptions,
                  test: String, _ body: (Simulator) throws -> Void) throws {
    let range = try environment.map { try SeedSelection.resolve(seeds, environment: $0) } ?? SeedSelection.resolve(seeds)
    var passed = 0
    for seed in range {
        do {
            try body(Simulator(seed: seed, options: options))
        } catch {
            throw failure(seed: seed, error: error, passed: passed, test: test) { recording in
                let sim = Simulator(seed: seed, options: recording(options))
                do { try body(sim) } catch { return (error, sim.trace.records) }
                return (nil, sim.trace.records)
            }
        }
        passed += 1
    }
}

/// Builds the failure of `seed`; `rerun` runs the seed again with trace recording switched on
/// and returns what it threw (nil if it passed) and its records.
func failure(seed: UInt64, error: any Error, passed: Int, test: String,
             rerun: ((SimulatorOptions) -> SimulatorOptions) -> ((any Error)?, [TraceRecord])) -> SimulationFailure {
    let (invariant, message) = SimulationFailure.classify(error)
    let (again, records) = rerun { options in
        var recording = options
        recording.recordTrace = true
        return recording
    }
    var nondeterminism: String?
    if let again {
        let (againInvariant, againMessage) = SimulationFailure.classify(again)
        if againInvariant != invariant || againMessage != message {
            nondeterminism = "the same seed failed differently with the trace on: \(againInvariant): \(againMessage)"
        }
    } else {
        nondeterminism = "the same seed passed when re-run with the trace on"
    }
    var result = SimulationFailure(seed: seed, invariant: invariant, message: message,
                                   traceTail: records.suffix(traceTailLength).map(\.line), seedsPassed: passed,
                                   reproduce: SimulationFailure.reproduceLine(seed: seed, test: test), nondeterminism: nondeterminism)
    let entities = (error as? InvariantFailure)?.entities ?? []
    result.entityIds = SimulationFailure.idTokens(entities.isEmpty ? [message] : entities)
    if !result.entityIds.isEmpty {
        let before = records.dropLast(traceTailLength)
        result.aboutEntity = before.filter { record in result.entityIds.contains { record.event.contains($0) } }
            .suffix(aboutEntityLength).map(\.line)
    }
    return result
}
