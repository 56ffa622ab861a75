import Notes
import SimCore

/// `NotesBackendClient` on a simulated device: a push is a call through the simulated network
/// (lost, duplicated, delayed, answered 5xx or 429 as the seed decides).
public struct SimulatedNotesClient: NotesBackendClient {
    public let context: DeviceContext
    public let backend: ServiceHandle<NotesBackend>

    public init(context: DeviceContext, backend: ServiceHandle<NotesBackend>) {
        self.context = context
        self.backend = backend
    }

    public func push(_ change: NoteChange) async throws -> PushAnswer {
        let answer = try await context.call(backend, .push(change), timeout: .seconds(5))
        if answer.status >= 500 { context.sometimes(NotesMarks.answered5xx) }
        if answer.status == 429 { context.sometimes(NotesMarks.answered429) }
        return answer
    }
}

/// The situations the scenario claims to reach (`simrun fuzz` counts each across a campaign).
enum NotesMarks {
    static let answered5xx = "notes: a push answered 5xx"
    static let answered429 = "notes: a push answered 429"
    static let killedWithPendingEdits = "notes: app killed with edits in the outbox"
    static let all = [answered5xx, answered429, killedWithPendingEdits]
}
