import Foundation
import SimHarness
import SimCore

/// `simrun shrink`: minimise a failing run's faults and write a replay file.
enum ShrinkCommand {
    static let flags = ["--seed", "--scenario", "--app", "--variant", "--size", "--policy", "--out", "--max-runs", "--help"]
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
        try args.finish(known: flags)
        guard targets.count == 1 else {
            throw UsageError("'\(targets[0].name)' matches \(targets.count) apps: use app/\(targets[0].name) or --app")
        }
        return try shrink(targets[0], seed: seed, settings: settings, out: out, maxRuns: maxRuns)
    }

    static func shrink(_ target: Target, seed: UInt64, settings: RunSettings, out: String?, maxRuns: Int) throws -> ExitCode {
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
        let final = RunExecution.run(target, seed: seed, runner: settings.runner(recordTrace: true, faults: .schedule(FaultSchedule(result.faults))))
        guard signature.holds(for: final.outcome) else {
            Console.err("simrun: the shrunk schedule no longer fails with '\(signature)' when re-run with the trace on (a harness bug: recording changed the run)")
            return .harnessError
        }
        Console.out("the shrunk run fails with the same signature: \(signature)")
        // The faults the final run injected: a scheduled fault whose opportunity no longer comes
        // (a request renumbered by an earlier removal) changes nothing, and a replay refuses it.
        let replay = ReplayFile(
            app: target.app, scenario: target.name, variant: target.variant, seed: seed, size: settings.size, policy: settings.policy,
            faults: final.injectedFaults, expectedOutcome: final.outcome.label, expectedInvariant: final.outcome.violations.first?.invariant,
            expectedTraceHash: final.traceHashHex, toolchain: BuildInfo.toolchain, commit: BuildInfo.commit,
            configuration: BuildInfo.configuration)
        let path = out ?? "replays/\(target.app)-\(target.name)-\(seed).json"
        try Console.write(replay.json.canonicalText + "\n", to: path, what: "replay file")
        printResult(original: original, result: result, final: final, maxRuns: maxRuns)
        FailureReport.lines(final, target: target, settings: settings, faults: .schedule(FaultSchedule(result.faults)),
                           repro: "\(AppCatalog.commandName) replay \(path)").forEach(Console.out)
        Console.out("replay file: \(path)")
        Console.out("replay it:   \(AppCatalog.commandName) replay \(path)")
        if let hint = CommandOnPath.hint(AppCatalog.commandName) { Console.out(hint.trimmingCharacters(in: .whitespaces)) }
        return ExitCode.of(final.outcome)
    }

    static func printResult(original: RunReport, result: Shrinker.Result, final: RunReport, maxRuns: Int) {
        Console.out("faults: \(original.injectedFaults.count) → \(final.injectedFaults.count) after \(result.runs) re-runs")
        if result.hitBound { Console.out("  (stopped at the bound of \(maxRuns) re-runs: the schedule may shrink further with --max-runs)") }
        for fault in final.injectedFaults.prefix(eventLines) { Console.out("  \(fault)") }
        Console.out("")
        Console.out("minimal timeline:")
        timeline(final.records).forEach { Console.out("  \($0.line)") }
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
