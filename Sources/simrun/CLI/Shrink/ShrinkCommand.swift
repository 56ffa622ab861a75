import Foundation
import SimHarness
import SimCore

/// `simrun shrink`: minimise a failing run — its faults, then its whole choice sequence — and write
/// a replay file.
enum ShrinkCommand {
    static let flags = ["--seed", "--scenario", "--app", "--variant", "--size", "--policy", "--out", "--max-runs", "--max-choice-runs", "--help"]
    /// Records of the minimal timeline's tail.
    static let tailRecords = 30
    /// Most fault and lifecycle lines in the minimal timeline.
    static let eventLines = 200

    static func main(_ tokens: [String]) throws -> ExitCode {
        var args = Arguments(tokens)
        try args.rejectUnknownFlags(known: flags)
        guard let seedText = try args.option("--seed") else { throw UsageError("--seed S is required") }
        let seed = try Values.seed(seedText)
        let targets = try Selection.parse(&args, required: true)
        let settings = try RunSettings.parse(&args)
        let out = try args.option("--out")
        let maxRuns = try args.option("--max-runs").map { try Values.count($0, flag: "--max-runs", range: 1...100_000) } ?? 300
        let maxChoiceRuns = try args.option("--max-choice-runs").map { try Values.count($0, flag: "--max-choice-runs", range: 0...100_000) } ?? 400
        try args.finish(known: flags)
        guard targets.count == 1 else {
            throw UsageError("'\(targets[0].name)' matches \(targets.count) apps: use app/\(targets[0].name) or --app")
        }
        return try shrink(targets[0], seed: seed, settings: settings, out: out, maxRuns: maxRuns, maxChoiceRuns: maxChoiceRuns)
    }

    static func shrink(_ target: Target, seed: UInt64, settings: RunSettings, out: String?, maxRuns: Int, maxChoiceRuns: Int) throws -> ExitCode {
        let original = RunExecution.run(target, seed: seed, runner: settings.runner())
        guard !original.outcome.passed else {
            Console.out("seed \(SeedText.both(seed)) passes \(target.qualifiedName) [\(target.variant)]: nothing to shrink")
            return .passed
        }
        let signature = FailureSignature(original.outcome)
        let stillFails: ([InjectedFault]) -> Bool = { faults in
            let report = RunExecution.run(target, seed: seed, runner: settings.runner(faults: .schedule(FaultSchedule(faults))))
            return signature.holds(for: report.outcome)
        }
        Console.out("seed \(SeedText.both(seed)) fails \(target.qualifiedName) [\(target.variant)]: \(signature.invariant)")
        Console.out("shrinking while the failure keeps its signature: \(signature)")
        guard stillFails(original.injectedFaults) else {
            Console.err("simrun: replaying seed \(seed)'s \(original.injectedFaults.count) faults as a schedule does not reproduce '\(signature)' (a harness bug: fault opportunities depend on more than the seed)")
            return .harnessError
        }
        let result = Shrinker(maxRuns: maxRuns, stillFails: stillFails).shrink(original.injectedFaults)
        let reduction: ChoiceReduction.Outcome
        do {
            reduction = try ChoiceReduction(target: target, seed: seed, settings: settings, signature: signature,
                                            maxRuns: maxChoiceRuns, maxFaultRuns: max(1, maxRuns - result.runs)).reduce(faults: result.faults)
        } catch let failure as ChoiceReduction.HarnessFailure {
            Console.err("simrun: \(failure.message) (a harness bug)")
            return .harnessError
        }
        let choices = (given: reduction.choices, pastEnd: ChoiceTape.PastEnd.simplest)
        let final = RunExecution.run(target, seed: seed, runner: settings.runner(recordTrace: true, faults: .schedule(FaultSchedule(reduction.faults)), choices: choices))
        guard signature.holds(for: final.outcome), let drawn = final.choices else {
            Console.err("simrun: the shrunk run no longer fails with '\(signature)' when re-run with the trace on (a harness bug: recording changed the run)")
            return .harnessError
        }
        Console.out("the shrunk run fails with the same signature: \(signature)")
        // The faults the final run injected: a scheduled fault whose opportunity no longer comes
        // (a request renumbered by an earlier removal) changes nothing, and a replay refuses it.
        let replay = ReplayFile(
            app: target.app, scenario: target.name, variant: target.variant, seed: seed, size: settings.size, policy: settings.policy,
            faults: final.injectedFaults, choices: drawn, expectedOutcome: final.outcome.label, expectedInvariant: final.outcome.violations.first?.invariant,
            expectedTraceHash: final.traceHashHex, toolchain: BuildInfo.toolchain, commit: BuildInfo.commit,
            appCommit: BuildInfo.workingCommit, configuration: BuildInfo.configuration)
        let path = out ?? "replays/\(target.app)-\(target.name)-\(seed).json"
        try Console.write(replay.json.canonicalText + "\n", to: path, what: "replay file")
        printResult(original: original, result: result, reduction: reduction, final: final, maxRuns: maxRuns, maxChoiceRuns: maxChoiceRuns)
        FailureReport.lines(final, target: target, settings: settings, faults: .schedule(FaultSchedule(reduction.faults)),
                           repro: "\(AppCatalog.commandName) replay \(path)").forEach(Console.out)
        Console.out("replay file: \(path)")
        Console.out("replay it:   \(AppCatalog.commandName) replay \(path)")
        if let hint = CommandOnPath.hint(AppCatalog.commandName) { Console.out(hint.trimmingCharacters(in: .whitespaces)) }
        return ExitCode.of(final.outcome)
    }

    static func printResult(original: RunReport, result: Shrinker.Result, reduction: ChoiceReduction.Outcome, final: RunReport,
                            maxRuns: Int, maxChoiceRuns: Int) {
        Console.out("faults: \(original.injectedFaults.count) → \(result.faults.count) after \(result.runs) re-runs")
        if result.hitBound { Console.out("  (stopped at the bound of \(maxRuns) re-runs: the schedule may shrink further with --max-runs)") }
        Console.out(choiceLine(reduction, final: final))
        if reduction.hitBound { Console.out("  (stopped at the bound of \(maxChoiceRuns) re-runs: the choices may shrink further with --max-choice-runs)") }
        if reduction.faultsRemoved > 0 {
            Console.out("faults the reduced run no longer needs: \(reduction.faultsRemoved) removed after \(reduction.faultRuns) re-runs")
        }
        Console.out("whole run: " + wholeRunLine(before: original, after: final))
        for fault in final.injectedFaults.prefix(eventLines) { Console.out("  \(fault)") }
        Console.out("")
        Console.out("minimal timeline:")
        timeline(final.records).forEach { Console.out("  \($0.line)") }
    }

    /// `choices: 9120 → 8811 (nonzero 6002 → 140) after 400 re-runs, 57 kept`.
    static func choiceLine(_ reduction: ChoiceReduction.Outcome, final: RunReport) -> String {
        let nonzero: (ChoiceSequence) -> Int = { $0.streams.reduce(0) { $0 + $1.choices.filter { $0.value != 0 }.count } }
        let after = final.choices ?? reduction.choices
        return "choices: \(reduction.recorded.count) → \(after.count) (nonzero \(nonzero(reduction.recorded)) → \(nonzero(after))) "
            + "after \(reduction.runs) re-runs, \(reduction.kept) kept"
    }

    /// `events 4718 → 1210, requests 812 → 140, actions 37 → 6, faults 3 → 1`.
    static func wholeRunLine(before: RunReport, after: RunReport) -> String {
        "events \(before.events) → \(after.events), requests \(before.requests) → \(after.requests), "
            + "actions \(before.actions) → \(after.actions), faults \(before.injectedFaults.count) → \(after.injectedFaults.count)"
    }

    /// Injected faults, kills, launches, exits and the heal, then the last records (bounded).
    static func timeline(_ records: [TraceRecord]) -> [TraceRecord] {
        let tailStart = max(0, records.count - tailRecords)
        let events = records[..<tailStart].filter { record in
            record.component == "faults" || record.event == "heal" || record.event.hasPrefix("heal")
                || ["launch", "kill", "exit"].contains { record.event.hasPrefix($0 + " ") }
        }
        return Array(events.prefix(eventLines)) + records[tailStart...]
    }
}
