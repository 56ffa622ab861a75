import SimHarness
import SimCore

/// The second half of `shrink`: the whole run, not only its faults. Records the fault-shrunk run's
/// choice sequence (every random draw: dataset, workload, devices' actions, latencies, scheduling),
/// checks that replaying it is the same run, reduces it with `ChoiceShrinker` while the failure
/// keeps its signature, then drops the faults the reduced run no longer needs.
struct ChoiceReduction {
    let target: Target
    let seed: UInt64
    let settings: RunSettings
    let signature: FailureSignature
    /// Most re-runs for the choices (`--max-choice-runs`), and for the faults after them (`--max-runs`).
    let maxRuns: Int
    let maxFaultRuns: Int

    /// What the reduction produced.
    struct Outcome {
        /// The reduced sequence (replayed with the simplest value past its end).
        var choices: ChoiceSequence
        var faults: [InjectedFault]
        /// Choices the fault-shrunk run drew before the reduction.
        var recorded: ChoiceSequence
        var runs: Int
        var kept: Int
        var hitBound: Bool
        /// Faults removed after the choices were reduced, and the re-runs that took.
        var faultsRemoved: Int
        var faultRuns: Int
    }

    /// A failure of the harness itself (a recorded run that does not replay), not of the app.
    struct HarnessFailure: Error {
        let message: String
    }

    func reduce(faults: [InjectedFault]) throws -> Outcome {
        let recording = run(faults: faults, choices: (given: ChoiceSequence(), pastEnd: .generate), maxEvents: nil)
        guard let recorded = recording.choices, signature.holds(for: recording.outcome) else {
            throw HarnessFailure(message: "recording the shrunk schedule's choices changed the run (it no longer fails with '\(signature)')")
        }
        let replayed = run(faults: faults, choices: (given: recorded, pastEnd: .simplest), maxEvents: nil)
        guard replayed.traceHash == recording.traceHash else {
            throw HarnessFailure(message: "replaying the recorded choice sequence (\(recorded.count) choices) gave trace hash \(replayed.traceHashHex), the recorded run \(recording.traceHashHex): some draw is not on the tape")
        }
        // A candidate that runs far longer than the failing run is not smaller: stop it (a liveness
        // outcome without entities, which the signature rejects unless it is one itself).
        let budget = max(200_000, recording.events * 2)
        let shrinker = ChoiceShrinker(start: recorded, events: recording.events, maxRuns: maxRuns) { candidate in
            let report = run(faults: faults, choices: (given: candidate, pastEnd: .simplest), maxEvents: budget)
            guard signature.holds(for: report.outcome), let drawn = report.choices else { return nil }
            return ChoiceShrinker.Attempt(choices: drawn, events: report.events)
        }
        let result = shrinker.shrink()
        let faultResult = Shrinker(maxRuns: maxFaultRuns) { kept in
            signature.holds(for: run(faults: kept, choices: (given: result.choices, pastEnd: .simplest), maxEvents: budget).outcome)
        }.shrink(faults)
        return Outcome(choices: result.choices, faults: faultResult.faults, recorded: recorded, runs: result.runs, kept: result.kept,
                       hitBound: result.hitBound, faultsRemoved: faults.count - faultResult.faults.count, faultRuns: faultResult.runs)
    }

    func run(faults: [InjectedFault], choices: (given: ChoiceSequence, pastEnd: ChoiceTape.PastEnd), maxEvents: Int?) -> RunReport {
        var runner = settings.runner(faults: .schedule(FaultSchedule(faults)), choices: choices)
        if let maxEvents { runner.maxEvents = maxEvents }
        return RunExecution.run(target, seed: seed, runner: runner)
    }
}
