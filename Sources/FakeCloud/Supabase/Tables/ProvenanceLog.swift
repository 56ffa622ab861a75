import SimCore

/// How a row version came to be.
public enum WriteOperation: String, Sendable, Hashable {
    case insert, upsertInsert = "upsert-insert", upsertUpdate = "upsert-update", update, delete
    /// Written by an `ON DELETE CASCADE` / `SET NULL` action of another row's delete.
    case cascadeDelete = "cascade-delete", cascadeSetNull = "cascade-set-null"
    /// Written by a trigger (e.g. the profile created on sign-up).
    case trigger
}

/// One committed row version: which account, from which device, at which virtual time, how.
public struct ProvenanceEntry: Sendable, Hashable {
    /// Commit order across the whole database (0, 1, 2 …).
    public var sequence: Int
    public var table: String
    /// The primary key values joined by commas.
    public var primaryKey: String
    /// 1 for the first version of this key, counting deletes.
    public var version: Int
    public var operation: WriteOperation
    /// `auth.uid()` of the writer; nil for anon, the service role and system writes.
    public var userId: String?
    public var role: AuthContext.Role
    /// `ServiceContext.caller`: the device that sent the request.
    public var device: String
    public var timeNanoseconds: Int64
    public var requestNumber: UInt64
    /// The row after the write (stored form); nil for a delete.
    public var row: Row?
}

/// The per-row history checkers read (no-cross-account-leak, no-lost-update …). Entries are appended
/// only when their statement commits, so a failed request leaves no trace here.
public struct ProvenanceLog: Sendable {
    public private(set) var entries: [ProvenanceEntry] = []
    private var versions: [String: Int] = [:]

    public init() {}

    mutating func append(
        table: String, key: String, operation: WriteOperation, row: Row?, by statement: StatementContext
    ) {
        let id = table + "\u{1}" + key
        let version = (versions[id] ?? 0) + 1
        versions[id] = version
        entries.append(
            ProvenanceEntry(
                sequence: entries.count, table: table, primaryKey: key, version: version, operation: operation,
                userId: statement.auth.uid, role: statement.auth.role, device: statement.device,
                timeNanoseconds: statement.nanoseconds, requestNumber: statement.requestNumber, row: row))
    }

    /// Forgets the entries from `count` on (a failed request), restoring their keys' version counts.
    mutating func rollback(to count: Int) {
        while entries.count > count {
            let entry = entries.removeLast()
            let id = entry.table + "\u{1}" + entry.primaryKey
            let version = (versions[id] ?? 0) - 1
            versions[id] = version > 0 ? version : nil
        }
    }

    /// Marks the entries from `start` on as written by `operation` (a trigger's inserts).
    mutating func relabel(from start: Int, as operation: WriteOperation) {
        for index in start..<entries.count { entries[index].operation = operation }
    }

    /// The history of one row, oldest first.
    public func history(table: String, primaryKey: String) -> [ProvenanceEntry] {
        entries.filter { $0.table == table && $0.primaryKey == primaryKey }
    }
}

/// Who runs a statement and when: the per-request facts every write records.
public struct StatementContext: Sendable {
    public var auth: AuthContext
    public var device: String
    public var nanoseconds: Int64
    public var requestNumber: UInt64

    public init(auth: AuthContext, device: String, nanoseconds: Int64, requestNumber: UInt64) {
        self.auth = auth
        self.device = device
        self.nanoseconds = nanoseconds
        self.requestNumber = requestNumber
    }
}
