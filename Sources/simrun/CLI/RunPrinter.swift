import SimHarness
import SimCore

/// The human-readable run summary shared by run and replay.
enum RunPrinter {
    static func summary(_ report: RunReport, settings: RunSettings) -> [String] {
        var lines = [
            "app         \(report.app)",
            "scenario    \(report.scenario)",
            "variant     \(report.variant)",
            "seed        \(SeedText.both(report.seed))",
            "size        \(settings.size)   policy \(settings.policy.rawValue)",
            "fault plan  " + (report.faultPlan.first ?? "none"),
        ]
        lines += report.faultPlan.dropFirst().map { "            \($0)" }
        lines += [
            "outcome     \(outcomeText(report.outcome))",
            "invariants  \(report.invariantsChecked.joined(separator: ", "))",
            "virtual     \(SeedText.seconds(nanoseconds: report.virtualNanoseconds))",
            "events      \(report.events)",
            "wall        \(report.wallMilliseconds) ms",
            "trace hash  \(report.traceHashHex)",
        ]
        return lines
    }

    static func outcomeText(_ outcome: RunOutcome) -> String {
        switch outcome {
        case .pass: return "pass"
        case .safetyViolation(let list): return "SAFETY VIOLATION (\(list.map(\.invariant).joined(separator: ", ")))"
        case .livenessViolation(let reason, _): return "LIVENESS VIOLATION: \(reason)"
        case .harnessError(let message): return "HARNESS ERROR: \(message)"
        }
    }
}
