import Foundation
import SimHarness
import SimCore

/// `simrun replay FILE`: re-run a replay file exactly and compare with what it expects.
enum ReplayCommand {
    static let flags = ["--timeline", "--trace", "--json", "--help"]

    static func main(_ tokens: [String]) throws -> ExitCode {
        var args = Arguments(tokens)
        try args.rejectUnknownFlags(known: flags)
        let timeline = try args.option("--timeline")
        let printTrace = try args.flag("--trace")
        let json = try args.flag("--json")
        let files = args.positionals()
        try args.finish(known: flags)
        guard files.count == 1 else { throw UsageError("replay takes one replay file (e.g. simrun replay replays/app-scenario-42.json)") }
        let replay = try ReplayFile.load(files[0])
        let targets = try Selection.resolve(scenario: "\(replay.app)/\(replay.scenario)", app: nil, variant: replay.variant, allowAll: false)
        let current = BuildInfo.commit
        if replay.commit != current {
            Console.err("simrun: warning: \(files[0]) was written at simrun commit \(replay.commit), this simrun was built at \(current); replaying anyway")
        }
        let app = BuildInfo.workingCommit
        if replay.appCommit != "unknown" && replay.appCommit != replay.commit && replay.appCommit != app {
            Console.err("simrun: warning: \(files[0]) was written in a package at commit \(replay.appCommit), this one is at \(app): "
                + "the app's code may differ; replaying anyway")
        }
        if replay.configuration != "unknown" && replay.configuration != BuildInfo.configuration {
            Console.err("simrun: warning: \(files[0]) was written by a \(replay.configuration) build of simrun, this is a \(BuildInfo.configuration) build: "
                + "code that calls actors may take other executor hops, so the run may differ; replaying anyway (build with "
                + (replay.configuration == "release" ? "-c release" : "the default debug configuration") + " to replay it exactly)")
        }
        let schedule = FaultSource.schedule(FaultSchedule(replay.faults))
        let choices = replay.choices.map { (given: $0, pastEnd: ChoiceTape.PastEnd.simplest) }
        let report = RunExecution.run(targets[0], seed: replay.seed, runner: replay.settings.runner(recordTrace: true, faults: schedule, choices: choices))
        try checkEveryFaultReached(replay, report: report, path: files[0])
        if let timeline { try Console.write(MermaidTimeline.markdown(report), to: timeline, what: "timeline") }
        let matches = report.outcome.label == replay.expectedOutcome
            && report.outcome.violations.first?.invariant == replay.expectedInvariant
        if json {
            var fields = report.json.objectValue ?? [:]
            fields["expected"] = ["outcome": .string(replay.expectedOutcome), "invariant": replay.expectedInvariant.map { .string($0) } ?? .null,
                                  "trace_hash": .string(replay.expectedTraceHash)]
            fields["matches_expected"] = .bool(matches)
            fields["trace_hash_matches"] = .bool(report.traceHashHex == replay.expectedTraceHash)
            if printTrace { fields["trace"] = .array(report.records.map { .string($0.line) }) }
            Console.out(JSONValue.object(fields).canonicalText)
        } else {
            RunCommand.printHuman(report, target: targets[0], settings: replay.settings, trace: printTrace, faults: schedule,
                                  repro: "\(AppCatalog.commandName) replay \(files[0])")
            Console.out(verdict(report, replay: replay, matches: matches))
            if let timeline { Console.out("timeline: \(timeline)") }
        }
        return ExitCode.of(report.outcome)
    }

    /// A scheduled fault the run never reached (no device, request or phase of that name) means the
    /// file does not describe this run: bad input, naming the faults and the run's devices.
    static func checkEveryFaultReached(_ replay: ReplayFile, report: RunReport, path: String) throws {
        if case .harnessError = report.outcome { return }  // a malformed fault: the run says so itself
        let injected = Set(report.injectedFaults)
        let unreached = replay.faults.filter { !injected.contains($0) }
        guard !unreached.isEmpty else { return }
        let devices = Set(report.records.filter { $0.event.hasPrefix("launch ") }.map(\.component)).sorted()
        let names = unreached.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (unreached.count > 5 ? " and \(unreached.count - 5) more" : "")
        throw UsageError("replay file '\(path)' schedules \(unreached.count) fault(s) the run never reached: \(names) (this run's devices: \(devices.joined(separator: ", ")); is the file for another version of the scenario?)")
    }

    static func verdict(_ report: RunReport, replay: ReplayFile, matches: Bool) -> String {
        let expected = replay.expectedOutcome + (replay.expectedInvariant.map { " (\($0))" } ?? "")
        let hash = report.traceHashHex == replay.expectedTraceHash ? "same trace hash" : "trace hash differs (expected \(replay.expectedTraceHash))"
        return matches ? "matches the expected outcome: \(expected); \(hash)" : "DOES NOT MATCH the expected outcome: \(expected); \(hash)"
    }
}
