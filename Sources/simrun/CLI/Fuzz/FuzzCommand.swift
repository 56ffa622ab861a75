import Foundation
import SimHarness
import SimCore

/// `simrun fuzz`: many seeds of many scenarios on J threads, summarised per scenario, with the
/// repro command of every failure.
enum FuzzCommand {
    static let flags = ["--scenario", "--app", "--variant", "--seeds", "--from", "--to", "--time-budget", "--jobs",
                        "--shard", "--size", "--policy", "--json", "--junit", "--help"]
    /// Failures listed with their repro command; full reports for the first few.
    static let listedFailures = 20
    static let detailedFailures = 3

    static func main(_ tokens: [String]) throws -> ExitCode {
        var args = Arguments(tokens)
        try args.rejectUnknownFlags(known: flags)
        let budget = try args.option("--time-budget").map(Values.duration)
        if budget != nil && args.tokens.contains(where: { $0 == "--seeds" || $0 == "--to" || $0.hasPrefix("--seeds=") || $0.hasPrefix("--to=") }) {
            throw UsageError("--time-budget and --seeds/--to are exclusive")
        }
        let range = budget == nil ? try SeedRange.parse(&args) : try budgetRange(&args)
        let jobs = try args.option("--jobs").map { try Values.count($0, flag: "--jobs", range: 1...256) } ?? 1
        let targets = try Selection.parse(&args, required: false, allowAll: true)
        let settings = try RunSettings.parse(&args)
        let json = try args.flag("--json")
        let junit = try args.option("--junit")
        try args.finish(known: flags)
        let deadline = budget.map { ContinuousClock().now + .seconds($0) }
        let queue = FuzzQueue(targets: targets, range: range, settings: settings, deadline: deadline)
        let start = ContinuousClock().now
        var progress = FuzzProgress(total: budget == nil ? queue.totalUnits : nil, budgetSeconds: budget)
        queue.runWorkers(jobs: jobs) {
            let now = queue.progress
            progress.tick(done: now.done, failures: now.failures)
        }
        progress.end()
        let summary = FuzzSummary(targets: targets, results: queue.sortedResults())
        let wall = RunExecution.milliseconds(ContinuousClock().now - start)
        if let junit { try Console.write(JUnitWriter.xml(summary, settings: settings), to: junit, what: "JUnit file") }
        if json {
            Console.out(document(summary, range: range, jobs: jobs, wall: wall, settings: settings).canonicalText)
        } else {
            printHuman(summary, wall: wall, settings: settings)
        }
        return summary.exitCode
    }

    /// For `--time-budget`: from `--from` (default 1) to the end of the seed space, sharded.
    static func budgetRange(_ args: inout Arguments) throws -> SeedRange {
        let from = try args.option("--from").map(Values.seed) ?? 1
        let shard = try args.option("--shard").map(Values.shard) ?? (1, 1)
        let to = from &+ (SeedRange.maxPositions - 1) < from ? UInt64.max : from + SeedRange.maxPositions - 1
        return try SeedRange(from: from, to: to, shard: shard)
    }

    static func printHuman(_ summary: FuzzSummary, wall: Int, settings: RunSettings) {
        Console.out("\(summary.totalRuns) runs in \(wall) ms")
        summary.table.forEach(Console.out)
        guard !summary.failures.isEmpty else { return }
        Console.out("")
        Console.out("failures (\(summary.failures.count)):")
        for (index, failure) in summary.failures.prefix(listedFailures).enumerated() {
            let invariant = failure.report.outcome.violations.first?.invariant ?? failure.report.outcome.label
            Console.out("  seed \(failure.report.seed) \(failure.target.qualifiedName) [\(invariant)]: \(reproCommand(failure.target, seed: failure.report.seed, settings: settings))")
            if index < detailedFailures {
                FailureReport.lines(failure.report, target: failure.target, settings: settings).dropFirst().forEach { Console.out("    " + $0) }
            }
        }
        if summary.failures.count > listedFailures { Console.out("  … and \(summary.failures.count - listedFailures) more") }
    }

    static func document(_ summary: FuzzSummary, range: SeedRange, jobs: Int, wall: Int, settings: RunSettings) -> JSONValue {
        [
            "total_runs": .int(Int64(summary.totalRuns)), "wall_ms": .int(Int64(wall)), "jobs": .int(Int64(jobs)),
            "seed_range": ["from": .string(String(range.from)), "to": .string(String(range.to)), "shard": .string("\(range.shardIndex)/\(range.shardCount)")],
            "scenarios": summary.json,
            "failures": .array(summary.failures.prefix(100).map { failure in
                var fields = failure.report.json.objectValue ?? [:]
                fields["repro"] = .string(reproCommand(failure.target, seed: failure.report.seed, settings: settings))
                return .object(fields)
            }),
        ]
    }
}
