import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// Something the user does on a device, sent by a scenario to the app process running there.
/// Edits act on the app's current view (what is on screen), as a user's do.
enum MinutaAction: Sendable, Equatable {
    /// The app merges conflict copies and reloads its view (a sync notification, pull to refresh).
    case refresh
    case createRecord(Minuta.TimeRecord)
    case editRecord(id: String, RecordEdit)
    case deleteRecord(id: String)
    case createTag(Minuta.Tag)
    case editTag(id: String, TagEdit)
    case deleteTag(id: String)
    /// `StartTimerIntent` run by Siri or a widget (the App Intents process).
    case intentStartTimer(tagId: String?)
    /// `StopTimerIntent`.
    case intentStopTimer

    /// True for what the App Intents process does (Siri, a widget), not the app.
    var isIntent: Bool {
        switch self {
        case .intentStartTimer, .intentStopTimer: true
        default: false
        }
    }

    /// The part of the app's life the action runs (a kill's coverage names it). A refresh runs
    /// `resolve-conflicts` then `load`, entered as they begin.
    var phase: String {
        switch self {
        case .refresh: "resolve-conflicts"
        case .createRecord: "save-record"
        case .editRecord: "update-record"
        case .deleteRecord: "delete-record"
        case .createTag, .editTag, .deleteTag: "save-tags"
        case .intentStartTimer: "intent.start-timer"
        case .intentStopTimer: "intent.stop-timer"
        }
    }

    /// One change to a record.
    enum RecordEdit: Sendable, Equatable {
        case comment(String)
        case tag(String?)
        /// Moves the start (and end) by this many milliseconds.
        case shiftStart(Int64)
        case end(Int64?)
        case addImage(String)
        case removeImage(String)
    }

    /// One change to a tag.
    enum TagEdit: Sendable, Equatable {
        case name(String)
        case color(String)
        case archived(Bool)
    }
}
