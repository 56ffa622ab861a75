/// One edit waiting in the outbox: the note's new text, under a change id the server uses to
/// apply a retried push once.
public struct NoteChange: Codable, Sendable, Equatable {
    /// Unique per edit (a UUID): the server's idempotency key.
    public var changeID: String
    public var noteID: String
    public var text: String

    public init(changeID: String, noteID: String, text: String) {
        self.changeID = changeID
        self.noteID = noteID
        self.text = text
    }
}
