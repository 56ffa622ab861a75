import Notes
import SimCore

/// The fake of the notes backend: a synchronous state machine the simulated network calls at each
/// request's virtual arrival time. It stores a note's latest text and remembers every change id,
/// so a retried or duplicated push is acknowledged without being applied twice (as an
/// `Idempotency-Key` header does on a real API).
public final class NotesBackend: SimService {
    public enum Request: Sendable {
        case push(NoteChange)
    }

    public typealias Response = PushAnswer

    public let name = "notes-api"
    /// What the server holds: note id → text (the admin view the checks read).
    public private(set) var notes: [String: String] = [:]
    private var appliedChanges: Set<String> = []

    public init() {}

    public func handle(_ request: Request, context: ServiceContext) -> PushAnswer {
        switch request {
        case .push(let change):
            guard !appliedChanges.contains(change.changeID) else { return PushAnswer(status: 200) }
            appliedChanges.insert(change.changeID)
            notes[change.noteID] = change.text
            return PushAnswer(status: 201)
        }
    }

    /// The network injects 5xx and 429 as *answers* (the request is not applied): the client sees
    /// a status, exactly as it would from a real server, and must not treat it as stored.
    public func injectedFailure(_ failure: InjectedServerFailure, for request: Request) -> PushAnswer {
        switch failure {
        case .serverError(let status): return PushAnswer(status: status)
        case .rateLimited(let seconds): return PushAnswer(status: 429, retryAfterSeconds: seconds)
        }
    }

    public func summary(of request: Request) -> String {
        switch request {
        case .push(let change): return "push \(change.noteID) change \(change.changeID.prefix(8))"
        }
    }

    public func summary(of response: PushAnswer) -> String {
        "\(response.status)" + (response.retryAfterSeconds.map { " retry-after=\($0)" } ?? "")
    }
}
