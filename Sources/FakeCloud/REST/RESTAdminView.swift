import SimCore

/// One stored file as a checker sees it.
public struct RESTFileRecord: Sendable, Hashable {
    public var key: String
    public var url: String
    public var ownerId: String
    public var contentType: String
    /// nil until uploaded, and after deletion.
    public var byteCount: Int?
    /// FNV-1a of the bytes (nil when there are none).
    public var contentHash: UInt64?
    public var createdAtNanoseconds: Int64
    public var createdByRequest: UInt64
    public var deleted: Bool
}

/// What a checker sees of the REST backend, off the network and across all owners (like a
/// database console): rows with provenance, the write log, files, accounts, idempotency records.
/// Every list has a fixed order: collections in declaration order, rows in creation order.
public struct RESTAdminView {
    let server: RESTServer

    /// Every live row of every collection: collections in declaration order, then creation order.
    public var rows: [RESTRow] { server.definition.collections.flatMap { server.store.rows($0.name) } }

    /// Live rows of one collection in creation order, all owners unless `owner` is given.
    public func rows(_ collection: String, owner: String? = nil) -> [RESTRow] { server.store.rows(collection, owner: owner) }

    /// The live row with this id, in any collection.
    public func row(id: String) -> RESTRow? { server.store.rowsById[id] }

    /// The resource JSON the API would send for a row.
    public func json(of row: RESTRow) -> JSONValue { server.resourceJSON(row) }

    /// Every committed write in commit order.
    public var writes: [RESTWriteEntry] { server.store.writes }

    /// Every file from its presign on, in presign order.
    public var files: [RESTFileRecord] {
        server.media.files.map { file in
            RESTFileRecord(
                key: file.key, url: file.url, ownerId: file.ownerId, contentType: file.contentType, byteCount: file.data?.count,
                contentHash: file.contentHash, createdAtNanoseconds: file.createdAtNanoseconds,
                createdByRequest: file.createdByRequest, deleted: file.deleted)
        }
    }

    /// Accounts in sign-up order.
    public var users: [RESTUser] { server.auth.users }

    /// Saved idempotent responses, sorted by (user, key).
    public var idempotencyRecords: [RESTIdempotencyRecord] { server.idempotency.sortedRecords }
}
