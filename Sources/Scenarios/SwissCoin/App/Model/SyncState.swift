import AppPorts

/// The sync engine's durable state, kept in the local store next to the data it describes so an
/// edit and its outbox entry are saved together (one atomic `LocalStore.save`). Not in the seed:
/// the sync engine is ours (see the app README's "Sync rules").
public struct SyncState: Codable, Equatable, Sendable {
    /// The server's `change_seq` up to which every change has been pulled and applied.
    public var cursor: Int64 = 0
    /// Local changes not yet acknowledged by the server, oldest first.
    public var outbox: [OutboxChange] = []
    /// The server revision each synced entity had when last seen (`SyncEntityKey.text`).
    public var revisions: RevisionTable = [:]
    /// Changes the server refused for good (kept for the user, never retried).
    public var rejected: [OutboxChange] = []

    public init() {}
}

/// One local change waiting to be pushed: which entity and which field groups changed. The
/// values are read from the local entity when the change is pushed, so several edits of one
/// entity coalesce and a push never carries a field the user did not change.
public struct OutboxChange: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case create, update, delete
    }

    /// Idempotency key: a retried push of the same change is answered from the server's record.
    public var changeId: String
    public var table: String
    public var entityId: String
    public var kind: Kind
    /// Field groups changed (`SyncFieldGroup` raw values), sorted.
    public var groups: [String]

    public init(changeId: String, table: String, entityId: String, kind: Kind, groups: [String]) {
        self.changeId = changeId
        self.table = table
        self.entityId = entityId
        self.kind = kind
        self.groups = groups
    }
}

/// `table/id`, the key of `SyncState.revisions`.
public enum SyncEntityKey {
    public static func text(_ table: String, _ id: String) -> String { "\(table)/\(id)" }
}
