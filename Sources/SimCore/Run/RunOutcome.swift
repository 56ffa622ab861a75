/// How a run ended.
public enum RunOutcome: Sendable, Equatable {
    /// Every invariant held and the work finished.
    case pass
    /// An invariant broke.
    case safetyViolation([Violation])
    /// The work did not finish or converge; `reason` says what is still pending.
    case livenessViolation(reason: String, [Violation])
    /// The harness could not judge the run (an escape, a stall, a bug in the harness).
    case harnessError(String)

    /// `pass`, `safety violation`, `liveness violation` or `harness error`.
    public var label: String {
        switch self {
        case .pass: return "pass"
        case .safetyViolation: return "safety violation"
        case .livenessViolation: return "liveness violation"
        case .harnessError: return "harness error"
        }
    }

    /// The violations, if any.
    public var violations: [Violation] {
        switch self {
        case .safetyViolation(let list), .livenessViolation(_, let list): return list
        case .pass, .harnessError: return []
        }
    }

    /// True for `pass`.
    public var passed: Bool { self == .pass }

    /// Builds the outcome from violations: safety wins over liveness.
    public static func from(_ violations: [Violation]) -> RunOutcome {
        if violations.isEmpty { return .pass }
        if violations.contains(where: { $0.kind == .safety }) { return .safetyViolation(violations) }
        let reason = violations.map(\.message).joined(separator: "; ")
        return .livenessViolation(reason: reason, violations)
    }
}
