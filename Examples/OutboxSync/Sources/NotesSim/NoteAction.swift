import SimHarness

/// What the user does with the notes app, one action at a time (the stage queues them for the
/// phone's app; the device app takes them). A write is also the action of the run's operation
/// ledger: the device app records each one the app saved (`NotesDeviceApp`), and no-loss holds
/// the server to what the app confirmed.
public enum NoteAction: Sendable, Equatable, WritingAction {
    /// The user writes a note; the app saves it, queues its change and pushes a little.
    case write(noteID: String, text: String)
    /// The user pulls to refresh: the app pushes its outbox until it is empty (bounded).
    case sync

    /// The operation name of a write in the run's history.
    static let operationName = "notes write"

    /// A write sets the note's text; a refresh writes nothing.
    public var writes: [EntityWrite] {
        guard case .write(let noteID, let text) = self else { return [] }
        return [EntityWrite("note", noteID, .create, fields: ["text": text])]
    }

    /// The user writes notes `numbers` (`note-3`, "text of note 3").
    static func writes(_ numbers: ClosedRange<Int>) -> [NoteAction] {
        numbers.map { .write(noteID: "note-\($0)", text: "text of note \($0)") }
    }
}
