import Foundation
import SimHarness
import SimCore

/// `simrun fuzz`: many seeds of many scenarios on J threads, summarised per scenario with its
/// coverage marks, with the repro command of every failure. A campaign stopped by SIGINT/SIGTERM
/// or its time budget finishes the runs in flight and still writes its summary, JSON and JUnit,
/// saying which seeds ran and how to resume.
enum FuzzCommand {
    static var flags: [String] { FuzzOptions.flags }
    /// Failures listed with their repro command; full reports for the first few.
    static let listedFailures = 20
    static let detailedFailures = 3

    /// How a campaign ended early, and where to resume.
    struct Stop {
        let reason: String
        let completedPositions: Int
        let resume: String
    }

    static func main(_ tokens: [String]) throws -> ExitCode {
        let options = try FuzzOptions.parse(tokens)
        StopSignal.install()
        let deadline = options.budgetSeconds.map { ContinuousClock().now + .seconds($0) }
        let queue = FuzzQueue(targets: options.targets, range: options.range, settings: options.settings, deadline: deadline)
        let start = ContinuousClock().now
        var progress = FuzzProgress(total: options.budgetSeconds == nil ? queue.totalUnits : nil, budgetSeconds: options.budgetSeconds)
        queue.runWorkers(jobs: options.jobs) {
            let now = queue.progress
            progress.tick(done: now.done, failures: now.failures)
        }
        progress.end()
        let stop = stopOf(queue, options: options)
        let summary = FuzzSummary(targets: options.targets, results: queue.sortedResults())
        let wall = RunExecution.milliseconds(ContinuousClock().now - start)
        if let junit = options.junit {
            try Console.write(JUnitWriter.xml(summary, settings: options.settings, requireCoverage: options.requireCoverage, stop: stop),
                              to: junit, what: "JUnit file")
        }
        if options.json {
            Console.out(document(summary, options: options, wall: wall, stop: stop).canonicalText)
        } else {
            printHuman(summary, wall: wall, options: options, stop: stop)
        }
        if let stop { Console.err("simrun: \(stop.reason) after \(summary.totalRuns) runs; resume with \(stop.resume)") }
        return exitCode(summary, options: options)
    }

    static func exitCode(_ summary: FuzzSummary, options: FuzzOptions) -> ExitCode {
        let coverage: ExitCode = options.requireCoverage && !summary.uncoveredRows.isEmpty ? .failed : .passed
        return ExitCode.worst([summary.exitCode, coverage])
    }

    /// Why the campaign stopped before its range ended (nil when it ran it all).
    static func stopOf(_ queue: FuzzQueue, options: FuzzOptions) -> Stop? {
        let reason: String
        if let signal = StopSignal.received {
            reason = "stopped by \(StopSignal.name(signal))"
        } else if let budget = options.budgetSeconds {
            reason = "time budget of \(budget) s spent"
        } else {
            return nil
        }
        let positions = queue.completedPositions
        return Stop(reason: reason, completedPositions: positions, resume: options.resumeFlags(afterPositions: positions))
    }

    /// `seeds 1…617 (shard 1/1) ran for every scenario`, or that none did.
    static func seedsRan(_ stop: Stop, range: SeedRange) -> String {
        guard stop.completedPositions > 0 else { return "no seed ran for every scenario" }
        let last = range.seed(at: stop.completedPositions - 1)
        let shard = range.shardCount > 1 ? " (every \(range.shardCount)th, shard \(range.shardIndex)/\(range.shardCount))" : ""
        return "seeds \(range.seed(at: 0))…\(last)\(shard) ran for every scenario"
    }

    static func printHuman(_ summary: FuzzSummary, wall: Int, options: FuzzOptions, stop: Stop?) {
        Console.out("\(summary.totalRuns) runs in \(wall) ms")
        if let stop {
            Console.out("\(stop.reason): \(seedsRan(stop, range: options.range)); resume with \(stop.resume)")
        }
        summary.table.forEach(Console.out)
        printCoverage(summary, required: options.requireCoverage)
        guard !summary.failures.isEmpty else { return }
        Console.out("")
        Console.out("failures (\(summary.failures.count)):")
        for (index, failure) in summary.failures.prefix(listedFailures).enumerated() {
            let invariant = failure.report.outcome.violations.first?.invariant ?? failure.report.outcome.label
            Console.out("  seed \(failure.report.seed) \(failure.target.qualifiedName) [\(invariant)]: \(reproCommand(failure.target, seed: failure.report.seed, settings: options.settings))")
            if index < detailedFailures {
                FailureReport.lines(failure.report, target: failure.target, settings: options.settings).dropFirst().forEach { Console.out("    " + $0) }
            }
        }
        if summary.failures.count > listedFailures { Console.out("  … and \(summary.failures.count - listedFailures) more") }
    }

    static func printCoverage(_ summary: FuzzSummary, required: Bool) {
        for row in summary.rows where !row.coverage.rows.isEmpty {
            Console.out("")
            Console.out("coverage of \(row.target.qualifiedName) [\(row.target.variant)] (runs reaching each mark):")
            row.coverage.lines(runs: row.runs).forEach(Console.out)
        }
        if required && !summary.uncoveredRows.isEmpty {
            Console.out("")
            Console.out("COVERAGE REQUIRED: \(summary.uncoveredRows.count) scenario(s) declare marks no run reached (--require-coverage)")
        }
    }

    static func document(_ summary: FuzzSummary, options: FuzzOptions, wall: Int, stop: Stop?) -> JSONValue {
        let range = options.range
        var fields: [String: JSONValue] = [
            "total_runs": .int(Int64(summary.totalRuns)), "wall_ms": .int(Int64(wall)), "jobs": .int(Int64(options.jobs)),
            "seed_range": ["from": .string(String(range.from)), "to": .string(String(range.to)), "shard": .string("\(range.shardIndex)/\(range.shardCount)")],
            "scenarios": summary.json,
            "failures": .array(summary.failures.prefix(100).map { failure in
                var fields = failure.report.json.objectValue ?? [:]
                fields["repro"] = .string(reproCommand(failure.target, seed: failure.report.seed, settings: options.settings))
                return .object(fields)
            }),
            "coverage_required": .bool(options.requireCoverage),
            "stopped": .null,
        ]
        if let stop {
            fields["stopped"] = ["reason": .string(stop.reason), "completed_seed_positions": .int(Int64(stop.completedPositions)),
                                 "last_complete_seed": stop.completedPositions > 0 ? .string(String(range.seed(at: stop.completedPositions - 1))) : .null,
                                 "resume": .string(stop.resume)]
        }
        return .object(fields)
    }
}
