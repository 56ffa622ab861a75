import AppPorts
import CRDT
import SimCore
import SimHarness

/// The harness's record of every user edit it asked for: who made it, when (epoch and per-device
/// sequence, for causality), what it wrote, and whether the app acknowledged it. Checkers demand
/// that acknowledged edits survive unless a causally later write replaced them; an edit whose
/// process died before the acknowledgement is indeterminate (it may or may not have landed).
final class EditLedger: @unchecked Sendable {
    enum Status: String, Sendable { case pending, acknowledged, failed, skipped }
    enum Kind: String, Sendable { case create, edit, delete }
    enum Entity: String, Sendable { case tag, record }

    /// One write: a create (every field), an edit (one field) or a delete.
    struct Entry: Sendable {
        var id: Int
        var device: String
        /// Sync barriers passed before the edit (every edit of an earlier epoch is in the
        /// documents this edit was made on).
        var epoch: Int
        /// Per-device order.
        var seq: Int
        var entity: Entity
        var entityId: String
        var kind: Kind
        /// Field name → canonical value (`image+` / `image-` for list adds and removes).
        var fields: [(field: String, value: String)]
        /// The edit moved a record's start into another (UTC) month.
        var movesMonth = false
        var status: Status = .pending

        /// Whether `self` happened before `other`: an earlier epoch, or earlier on the same device.
        func precedes(_ other: Entry) -> Bool {
            epoch < other.epoch || (device == other.device && seq < other.seq)
        }

        /// Neither precedes the other.
        func isConcurrent(with other: Entry) -> Bool { !precedes(other) && !other.precedes(self) }

        /// Acknowledged (must survive) or possibly applied.
        var mayHaveLanded: Bool { status == .acknowledged || status == .pending || status == .failed }
    }

    private(set) var entries: [Entry] = []
    private var sequence: [String: Int] = [:]

    /// Records the start of a write; returns its id.
    @discardableResult
    func begin(device: String, epoch: Int, entity: Entity, id entityId: String, kind: Kind,
               fields: [(String, String)], movesMonth: Bool = false) -> Int {
        sequence[device, default: 0] += 1
        entries.append(Entry(id: entries.count, device: device, epoch: epoch, seq: sequence[device]!, entity: entity,
                             entityId: entityId, kind: kind, fields: fields.map { (field: $0.0, value: $0.1) },
                             movesMonth: movesMonth))
        return entries.count - 1
    }

    func finish(_ id: Int, _ status: Status) { entries[id].status = status }

    /// Every entry about one entity.
    func entries(_ entity: Entity, _ entityId: String) -> [Entry] {
        entries.filter { $0.entity == entity && $0.entityId == entityId }
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
