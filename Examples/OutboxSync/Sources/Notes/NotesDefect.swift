import AppPorts

/// The deliberately broken code paths of the example app (the `as-written` variant has them all).
public enum NotesDefect: String, AppDefect {
    /// Removes a change from the outbox on any answer, so a 503 or a 429 (which arrive as answers,
    /// not as thrown errors) drops the edit for good.
    case trustsAnyAnswer = "trusts-any-answer"

    public var summary: String {
        switch self {
        case .trustsAnyAnswer: return "treats any answer as stored: an edit answered 503 or 429 leaves the outbox and is lost"
        }
    }

    public var bugZooIds: [String] { [] }
    public var inPlanAsWritten: Bool { true }
}
