/// What the user does with the notes app, one action at a time (the stage queues them for the
/// phone's app; the device app takes them).
public enum NoteAction: Sendable, Equatable {
    /// The user writes a note; the app saves it, queues its change and pushes a little.
    case write(noteID: String, text: String)
    /// The user pulls to refresh: the app pushes its outbox until it is empty (bounded).
    case sync

    /// The user writes notes `numbers` (`note-3`, "text of note 3").
    static func writes(_ numbers: ClosedRange<Int>) -> [NoteAction] {
        numbers.map { .write(noteID: "note-\($0)", text: "text of note \($0)") }
    }
}
