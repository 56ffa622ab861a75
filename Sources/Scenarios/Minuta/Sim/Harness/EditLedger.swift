import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// The harness's record of every user edit it asked for, read from the run's `History`: each
/// edit is one operation whose payload (`Write`) says what it wrote and in which epoch; the
/// operation says who made it, in which order, and how it ended (`ok` when the app acknowledged
/// it, `failed` when it certainly did not happen, `indeterminate` — or still `invoked` — when its
/// process died inside it or the app threw: it may or may not have landed). Checkers demand that
/// acknowledged edits survive unless a causally later write replaced them.
enum EditLedger {
    enum Kind: String, Sendable { case create, edit, delete }
    enum Entity: String, Sendable { case tag, record }

    /// What one edit asked for: a create (every field), an edit (one field) or a delete. The
    /// payload of the edit's operation in the run's history.
    struct Write: Sendable {
        /// Sync barriers passed before the edit (every edit of an earlier epoch is in the
        /// documents this edit was made on).
        var epoch: Int
        var entity: Entity
        var entityId: String
        var kind: Kind
        /// Field name → canonical value (`image+` / `image-` for list adds and removes).
        var fields: [(field: String, value: String)]
        /// The edit moved a record's start into another (UTC) month.
        var movesMonth = false
        /// Settles of the folder with every device online before the edit began
        /// (`MinutaStage.onlineSettles`). An acknowledged edit that began before such a settle is
        /// taken as finished before it (the scenarios await an action before they settle), so on
        /// every device once it passed, and not concurrent with an edit that began after it.
        var onlineSettles = 0
        /// A `StopTimerIntent`'s edit of one timer: the start of the timer as the intent returned
        /// it. The end it set must not precede it (a device whose clock runs behind the one that
        /// started the timer still ends it at or after its start).
        var stoppedTimerStart: Int64?
    }

    /// How the app refused an edit it threw on (the result of an `indeterminate` operation; a
    /// kill's cut leaves none).
    enum Refusal: Sendable, Equatable {
        /// The app said the record was deleted elsewhere (`StorageError.recordDeleted`).
        case deletedElsewhere
        /// Any other error (a document that does not load, a file operation that failed).
        case other(String)
    }

    /// One edit as the checkers read it: its write (whose fields read through, `entry.entityId`),
    /// its device and order, its status, and why the app refused it, if it threw.
    @dynamicMemberLookup
    struct Entry: Sendable {
        /// The operation's id in the history: ids follow invocation order, so they also order one
        /// device's edits.
        var id: Int
        var device: String
        var write: Write
        var status: OperationStatus = .invoked
        var refusal: Refusal?

        subscript<Value>(dynamicMember field: KeyPath<Write, Value>) -> Value { write[keyPath: field] }

        /// Whether `self` happened before `other`: an earlier epoch, or earlier on the same device.
        func precedes(_ other: Entry) -> Bool {
            write.epoch < other.write.epoch || (device == other.device && id < other.id)
        }

        /// Neither precedes the other.
        func isConcurrent(with other: Entry) -> Bool { !precedes(other) && !other.precedes(self) }

        /// Acknowledged (must survive) or possibly applied.
        var mayHaveLanded: Bool { status.mayHaveTakenEffect }

        /// Neither acknowledged nor known not to have happened (still open, or cut off).
        var isUnresolved: Bool { status == .invoked || status == .indeterminate }
    }

    /// The name of an edit's operation in the history.
    static let operationName = "minuta edit"

    /// Every edit in `history`, in invocation order.
    static func entries(in history: History) -> [Entry] {
        history.records(Write.self).map { record in
            let operation = record.operation
            precondition(operation.name == operationName, "an edit is recorded under its own operation name")
            return Entry(id: operation.id, device: operation.process, write: record.payload, status: operation.status,
                         refusal: record.result(as: Refusal.self))
        }
    }
}

extension Minuta.TimeRecord {
    /// The ledger's canonical field values (images separately).
    var ledgerFields: [(String, String)] {
        [("startTime", String(startTime)), ("endTime", endTime.map { String($0) } ?? "null"),
         ("tagId", tagId ?? "null"), ("comment", comment ?? "null")] + images.map { ("image+", $0) }
    }

    /// The canonical value of a scalar field.
    func ledgerValue(_ field: String) -> String? {
        switch field {
        case "startTime": return String(startTime)
        case "endTime": return endTime.map { String($0) } ?? "null"
        case "tagId": return tagId ?? "null"
        case "comment": return comment ?? "null"
        default: return nil
        }
    }
}

extension Minuta.Tag {
    var ledgerFields: [(String, String)] {
        [("name", name), ("color", color), ("isArchived", String(isArchived)), ("createdAt", String(createdAt))]
    }

    func ledgerValue(_ field: String) -> String? {
        switch field {
        case "name": return name
        case "color": return color
        case "isArchived": return String(isArchived)
        case "createdAt": return String(createdAt)
        default: return nil
        }
    }
}
