import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// The server half of the sync engine (the app README's "Sync rules"): a revision and a change
/// sequence on the synced tables, the record of applied changes, and the two Postgres functions
/// the app calls through `rpc`, each one transaction.
extension SwissCoinBackend {
    /// `revision` (bumped by every synced write, compared by `sync_push`) and `change_seq`.
    static func syncColumns(_ t: TableBuilder) {
        t.column("revision", .bigint, .notNull, .default(.value(1)))
        changeSequence(t)
    }

    /// `change_seq`: set from one server-wide sequence by a `BEFORE INSERT OR UPDATE` trigger on
    /// every write, whoever writes (the migration's upserts included), so `sync_pull` finds every
    /// change since a cursor.
    static func changeSequence(_ t: TableBuilder) {
        t.column("change_seq", .bigint, .notNull, .stampedOnWrite(.sequence))
        t.index("change_seq")  // `sync_pull` reads the rows changed after a cursor (a range scan)
    }

    /// A table every device of the account pulls but never pushes (no user action edits its rows
    /// after the migration, so it needs no `revision`): settlements, groups, subscriptions and
    /// their activity.
    static func pulledOnly(_ t: TableBuilder) {
        changeSequence(t)
    }

    static func declareSync(_ backend: BackendBuilder, _ options: Options) {
        // One row per change the server settled: a retried push (lost response) is answered from
        // here instead of being applied twice.
        backend.table("sync_changes", rowLevelSecurity: options.rowLevelSecurity) { t in
            t.column("change_id", .uuid, .primaryKey)
            t.column("owner_id", .uuid, .notNull)
            t.column("entity_table", .text, .notNull)
            t.column("entity_id", .uuid, .notNull)
            t.column("outcome", .text, .notNull)
            t.column("revision", .bigint)
            // The push as the server applied it (the first delivery of the change id): what a
            // checker needs for a push whose answer the client never saw (killed, timed out).
            t.column("request", .jsonb)
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            t.ownerPolicy()
        }
        backend.rpcFunction("sync_push", SyncPushFunction.run)
        backend.rpcFunction("sync_pull", SyncPullFunction.run)
    }
}
