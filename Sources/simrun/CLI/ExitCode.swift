import SimCore

/// The process exit codes, documented in `simrun help`.
enum ExitCode: Int32 {
    /// Every run passed.
    case passed = 0
    /// A run failed an invariant.
    case failed = 1
    /// Bad input: unknown command, flag or name, malformed value, unreadable replay file.
    case badInput = 2
    /// Harness trouble: an escape, a stall, a determinism divergence.
    case harnessError = 3

    /// The code for one run's outcome.
    static func of(_ outcome: RunOutcome) -> ExitCode {
        switch outcome {
        case .pass: return .passed
        case .safetyViolation, .livenessViolation: return .failed
        case .harnessError: return .harnessError
        }
    }

    /// The combined code of several runs: a harness error outranks a failure, which outranks a pass.
    static func worst(_ codes: [ExitCode]) -> ExitCode {
        codes.max { $0.rawValue < $1.rawValue } ?? .passed
    }
}
