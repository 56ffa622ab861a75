import SimCore

/// Runs one (app, scenario, variant, seed) and turns whatever happened into a `RunReport`:
/// violations become safety or liveness outcomes, an exhausted event budget is a liveness
/// violation, an escape or a stall is a harness error.
public struct ScenarioRunner: Sendable {
    /// Keep full trace records.
    public var recordTrace = false
    /// Where faults come from (`.swarm` unless replaying or shrinking).
    public var faultSource: FaultSource = .swarm
    /// Ready-queue policy.
    public var policy: SchedulingPolicy = .random
    /// Dataset size knob (1 = the default dataset).
    public var size = 1
    /// Event budget per run.
    public var maxEvents = 20_000_000
    /// Draw through a choice tape made afresh for each run, reading `given` (past its end: `pastEnd`);
    /// the report then carries the sequence the run drew. Nil: the PRNG alone, nothing recorded.
    public var choices: (given: ChoiceSequence, pastEnd: ChoiceTape.PastEnd)?
    /// Called with each trace record as it happens (when recording).
    public var onRecord: (@Sendable (TraceRecord) -> Void)?

    public init() {}

    /// Runs the scenario for one seed.
    public func run(_ scenario: any AppScenario, variant: String, seed: UInt64) -> RunReport {
        var options = SimulatorOptions(policy: policy, recordTrace: recordTrace, maxEvents: maxEvents, faultSource: faultSource)
        if let choices { options.choices = ChoiceTape(given: choices.given, pastEnd: choices.pastEnd) }
        let sim = Simulator(seed: seed, options: options)
        if let onRecord { sim.trace.onRecord = { onRecord($0) } }
        let outcome: RunOutcome
        do {
            let violations = try scenario.execute(in: sim, variant: variant, size: size)
            if let bad = sim.faults.malformed.first {
                outcome = .harnessError("the fault schedule has a malformed fault: \(bad) (\(sim.faults.malformed.count) in all)")
            } else {
                outcome = RunOutcome.from(violations + sim.boundsHit.map {
                    Violation(invariant: "eventual-completion", kind: .liveness,
                              message: "the scenario hit a bound: \($0)", entities: [])
                })
            }
        } catch SimulationError.budgetExhausted(let events, let pending) {
            outcome = .livenessViolation(reason: "event budget exhausted after \(events) events (\(pending))", [
                Violation(invariant: "eventual-completion", kind: .liveness,
                          message: "the run did not finish within \(events) events", entities: []),
            ])
        } catch {
            outcome = .harnessError("\(error)")
        }
        return RunReport(
            app: scenario.app, scenario: scenario.name, variant: variant, seed: seed,
            faultPlan: sim.faults.plan.lines, outcome: outcome, invariantsChecked: scenario.invariants,
            virtualNanoseconds: sim.now.nanoseconds, events: sim.events, traceHash: sim.trace.hash,
            injectedFaults: sim.faults.injected, records: sim.trace.records, coverage: sim.coverage.sorted,
            wallMilliseconds: 0, requests: sim.network.requestsSent, actions: sim.history.operations.count,
            choices: options.choices?.made)
    }
}
