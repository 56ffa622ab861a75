import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// What one user edit asked for: a create (every field), an edit (one field) or a delete — the
/// action of Minuta's operation ledger (`OperationLedger<MinutaEdit>`, read from the run's
/// `History`). The ledger entry says who made it, in which epoch and order, and how it ended
/// (`ok` when the app acknowledged it, `failed` when it certainly did not happen, `indeterminate`
/// — or still `invoked` — when its process died inside it or the app threw: it may or may not
/// have landed). The generic no-loss and no-lost-update read its scalar fields (`writes`); image
/// adds and removes, set-valued, are Minuta's own checks.
struct MinutaEdit: WritingAction {
    enum Kind: String, Sendable { case create, edit, delete }
    enum Entity: String, Sendable { case tag, record }

    /// How the app refused an edit it threw on (the result of an `indeterminate` operation; a
    /// kill's cut leaves none).
    enum Refusal: Sendable, Equatable {
        /// The app said the record was deleted elsewhere (`StorageError.recordDeleted`).
        case deletedElsewhere
        /// Any other error (a document that does not load, a file operation that failed).
        case other(String)
    }

    var entity: Entity
    /// The record's or tag's id; `*` for an edit of every running timer (`StopTimerIntent`).
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

    /// The name of an edit's operation in the history.
    static let operationName = "minuta edit"

    /// The scalar fields it sets (images are set-valued: Minuta's own checks read them). An edit
    /// of images only is still a write of its entity, so a concurrent one counts.
    var writes: [EntityWrite] {
        let kind: EntityWrite.Kind = switch self.kind {
        case .create: .create
        case .edit: .update
        case .delete: .delete
        }
        var scalars: [String: String] = [:]
        for (field, value) in fields where !field.hasPrefix("image") { scalars[field] = value }
        return [EntityWrite(entity.rawValue, entityId, kind, fields: scalars)]
    }
}

/// One edit as the checkers read it: the edit's fields read through (`entry.entityId`).
extension LedgerEntry where Action == MinutaEdit {
    var entity: MinutaEdit.Entity { action.entity }
    var entityId: String { action.entityId }
    var kind: MinutaEdit.Kind { action.kind }
    var fields: [(field: String, value: String)] { action.fields }
    var movesMonth: Bool { action.movesMonth }
    var onlineSettles: Int { action.onlineSettles }
    var stoppedTimerStart: Int64? { action.stoppedTimerStart }
    /// Why the app refused it, if it threw.
    var refusal: MinutaEdit.Refusal? { result(as: MinutaEdit.Refusal.self) }
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
