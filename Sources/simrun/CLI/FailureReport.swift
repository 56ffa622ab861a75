import SimHarness
import SimCore

/// What a user needs to act on a failure: the invariant, the entities with expected and actual
/// values, the last trace records of the devices that touched them, and the repro command.
enum FailureReport {
    /// Records per device shown.
    static let recordsPerDevice = 5

    /// The report's lines. If `report` was not recorded, the seed is re-run with recording on
    /// (runs are deterministic, so it is the same run).
    static func lines(_ report: RunReport, target: Target, settings: RunSettings, faults: FaultSource = .swarm, repro: String? = nil) -> [String] {
        guard !report.outcome.passed else { return [] }
        var lines = ["", "FAILURE: \(report.outcome.label)"]
        if case .harnessError(let message) = report.outcome { lines.append("  \(message)") }
        for violation in report.outcome.violations {
            lines.append("  invariant \(violation.invariant) (\(violation.kind.rawValue)): \(violation.message)")
            lines += violation.entities.map { "    \($0)" }
        }
        var records = report.records
        if records.isEmpty {
            records = RunExecution.run(target, seed: report.seed, runner: settings.runner(recordTrace: true, faults: faults)).records
        }
        let tokens = entityTokens(report.outcome.violations)
        let byDevice = deviceRecords(records, tokens: tokens)
        if !byDevice.isEmpty {
            lines.append("  last trace records of the devices involved:")
            for (device, picked) in byDevice {
                lines.append("    \(device):")
                lines += picked.map { "      \($0.line)" }
            }
        }
        lines.append("  reproduce: \(repro ?? reproCommand(target, seed: report.seed, settings: settings))")
        if let hint = CommandOnPath.hint(AppCatalog.commandName) { lines.append(hint) }
        lines.append("  (found by a \(BuildInfo.configuration) build: a seed replays exactly under the same build configuration)")
        return lines
    }

    /// Words of the violation's entities that look like ids (contain a digit or a dash).
    static func entityTokens(_ violations: [Violation]) -> [String] {
        let words = violations.flatMap(\.entities).flatMap { diff in
            diff.entity.split(whereSeparator: { " (),;:".contains($0) }).map(String.init)
        }
        return Array(Set(words.filter { $0.count >= 3 && $0.contains(where: { $0.isNumber || $0 == "-" }) })).sorted()
    }

    /// Per device (sorted by name), its last records mentioning a token, else its last records. A
    /// device is a component that was launched or sent a request, whatever its name (`phone`,
    /// `device-1`).
    static func deviceRecords(_ records: [TraceRecord], tokens: [String]) -> [(String, [TraceRecord])] {
        let devices = Set(records.filter { $0.event.hasPrefix("launch ") || $0.event.first == "→" }.map(\.component)).sorted()
        return devices.map { device in
            let own = records.filter { $0.component == device }
            let matching = own.filter { record in tokens.contains { record.event.contains($0) } }
            return (device, Array((matching.isEmpty ? own : matching).suffix(recordsPerDevice)))
        }
    }
}
