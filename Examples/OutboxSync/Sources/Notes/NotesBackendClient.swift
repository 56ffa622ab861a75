/// The backend's answer to a push, as HTTP gives it: a status, and `Retry-After` on a 429.
public struct PushAnswer: Sendable, Equatable {
    public var status: Int
    public var retryAfterSeconds: Int?

    public init(status: Int, retryAfterSeconds: Int? = nil) {
        self.status = status
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// 2xx: the server stored the change.
    public var isStored: Bool { (200..<300).contains(status) }
}

/// How the app reaches its backend (URLSession in production, the simulated network in tests).
/// A transport failure (timeout, offline) throws; a server that answers — 201, 503, 429 — returns
/// an answer, like `URLSession.data(for:)` does.
public protocol NotesBackendClient: Sendable {
    func push(_ change: NoteChange) async throws -> PushAnswer
}
