import SimCore

/// What a checker sees of the server, off the network and bypassing RLS (like a `postgres`
/// superuser session): stored rows, row provenance, accounts, storage objects.
public struct AdminView {
    let server: SupabaseServer

    /// Stored rows of `table` in stored order. Numeric columns hold exact decimal text.
    public func rows(_ table: String) -> [Row] { server.store.allRows(table) }

    /// The stored row of `table` whose primary key text (values joined by commas) is `key`.
    public func row(_ table: String, key: String) -> Row? {
        guard let schema = server.store.schemas[table] else { return nil }
        return rows(table).first { schema.keyText(of: $0) == key }
    }

    /// Exact minor units of a numeric column value (`"12.30"` with scale 2 → 1230).
    public func units(_ value: JSONValue?, table: String, column: String) -> Int64? {
        guard case .string(let text)? = value, case .numeric(let p, let s)? = server.store.schemas[table]?.column(column)?.type
        else { return nil }
        return (try? NumericValue.parse(text, precision: p, scale: s))?.units
    }

    /// Every committed row version, in commit order.
    public var provenance: [ProvenanceEntry] { server.store.provenance.entries }

    /// Accounts in sign-up order.
    public var users: [AuthUser] { server.auth.users }

    /// Stored objects in upload order.
    public var objects: [StoredObject] { server.storage.objects }

    /// Table names in declaration order.
    public var tableNames: [String] { server.store.tableNames }

    /// A value `compute` derives from the stored rows alone, computed once per database state: it
    /// runs again only after a statement that may write (`TableStore.revision`), so the result is
    /// always what computing it now would give. `key` must name everything else it depends on.
    public func memoized<T>(_ key: String, _ compute: () throws -> T) rethrows -> T {
        try server.adminMemo.value(key, revision: server.store.revision, compute)
    }
}
