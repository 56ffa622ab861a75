import SimCore

/// One stored resource with its provenance.
public struct RESTRow: Sendable, Hashable {
    public var collection: String
    public var id: String
    /// The user who created it; only this user can see or change it.
    public var ownerId: String
    /// Declared fields only; an optional field never set holds `.null`.
    public var fields: [String: JSONValue]
    public var createdAtNanoseconds: Int64
    public var updatedAtNanoseconds: Int64
    /// Creation order across the whole server (0, 1, 2 …): lists are sorted by it.
    public var sequence: Int
    /// `ServiceContext.caller` of the creating request.
    public var createdByDevice: String
    /// The network's number of the creating request.
    public var createdByRequest: UInt64
    /// The creating request's `Idempotency-Key`, if it had one.
    public var idempotencyKey: String?
}

/// How a row version came to be.
public enum RESTWriteKind: String, Sendable, Hashable {
    case create, replace, update, delete
    /// Deleted by a "delete all of mine" endpoint.
    case bulkDelete = "bulk-delete"
    /// Deleted or nulled because its parent was deleted (`ReferenceDeletion`).
    case cascadeDelete = "cascade-delete", setNull = "set-null"
}

/// One committed write, for checkers (no-duplicate, rollback-safety, no-cross-account-leak …).
public struct RESTWriteEntry: Sendable, Hashable {
    /// Commit order across the server (0, 1, 2 …).
    public var sequence: Int
    public var kind: RESTWriteKind
    public var collection: String
    public var id: String
    /// The authenticated user of the request that caused the write.
    public var userId: String
    public var device: String
    public var timeNanoseconds: Int64
    public var requestNumber: UInt64
    public var idempotencyKey: String?
    /// The row after the write; nil for deletes.
    public var row: RESTRow?
}

/// Who is writing, per request.
struct RESTWriteOrigin {
    var userId: String
    var device: String
    var now: Int64
    var requestNumber: UInt64
    var idempotencyKey: String?
}
