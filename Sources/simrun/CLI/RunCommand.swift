import SimHarness
import SimCore

/// `simrun [run] --seed S --scenario NAME …`: one seed, fully reported.
enum RunCommand {
    static let flags = ["--seed", "--scenario", "--app", "--variant", "--size", "--policy", "--trace", "--trace-out", "--json", "--help"]

    static func main(_ tokens: [String]) throws -> ExitCode {
        var args = Arguments(tokens)
        try args.rejectUnknownFlags(known: flags)
        guard let seedText = try args.option("--seed") else { throw UsageError("--seed S is required (e.g. simrun --seed 42 --scenario NAME)") }
        let seed = try Values.seed(seedText)
        let targets = try Selection.parse(&args, required: true)
        let settings = try RunSettings.parse(&args)
        let printTrace = try args.flag("--trace")
        let traceOut = try args.option("--trace-out")
        let json = try args.flag("--json")
        try args.finish(known: flags)
        if traceOut != nil && targets.count > 1 {
            throw UsageError("--trace-out needs one scenario; '\(targets[0].name)' matches \(targets.count) apps: use app/\(targets[0].name)")
        }
        if let traceOut { try Console.checkWritable(traceOut, what: "trace file") }
        let record = printTrace || traceOut != nil
        let reports = targets.map { RunExecution.run($0, seed: seed, runner: settings.runner(recordTrace: record)) }
        if let traceOut {
            try Console.write(reports[0].records.map { $0.jsonLine + "\n" }.joined(), to: traceOut, what: "trace file")
        }
        if json {
            let documents = reports.map { report -> JSONValue in
                guard printTrace, var fields = report.json.objectValue else { return report.json }
                fields["trace"] = .array(report.records.map { .string($0.line) })
                return .object(fields)
            }
            Console.out(documents.count == 1 ? documents[0].canonicalText : JSONValue.object(["runs": .array(documents)]).canonicalText)
        } else {
            for (target, report) in zip(targets, reports) { printHuman(report, target: target, settings: settings, trace: printTrace) }
        }
        return ExitCode.worst(reports.map { ExitCode.of($0.outcome) })
    }

    static func printHuman(_ report: RunReport, target: Target, settings: RunSettings, trace: Bool, faults: FaultSource = .swarm, repro: String? = nil) {
        if trace {
            Console.out("trace (\(report.records.count) records):")
            for record in report.records { Console.out("  \(record.line)") }
        }
        RunPrinter.summary(report, settings: settings).forEach(Console.out)
        FailureReport.lines(report, target: target, settings: settings, faults: faults, repro: repro).forEach(Console.out)
        Console.out("")
    }
}
