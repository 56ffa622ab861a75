import FakeCloud
import SimCore

/// Swiss Coin's tables and policies, COPIED from `Sources/Scenarios/SwissCoin/Backend/
/// SwissCoinBackend.swift` and `SwissCoinBackend+Sync.swift` (this target must not depend on
/// Scenarios): profiles, persons, groups and members, transactions with splits and payers,
/// settlements and `sync_changes`, with `change_seq` stamped from one sequence. Buckets, the
/// balance function, `sync_push`/`sync_pull` (Swift closures, not SQL) and the sign-up trigger are
/// not copied; the subscription and message tables are left out (the same column kinds and
/// policies as the ones copied). `group_members` carries its `unique (group_id, person_id)`, the
/// app's `uniqueJoinRows: true` variant, so natural-key upserts run on it. If the app's schema
/// changes, this copy must follow by hand.
extension Fixture {
    static let swissCoin = Fixture(name: "swisscoin", backend: BackendDefinition { b in
        let money = ColumnType.numeric(12, 2)
        func timestamps(_ t: TableBuilder) {
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            t.column("updated_at", .timestamptz, .notNull, .default(.now))
            t.column("deleted_at", .timestamptz)
        }
        func owned(_ t: TableBuilder) {
            t.column("id", .uuid, .primaryKey, .default(.randomUUID))
            t.column("owner_id", .uuid, .notNull)
            t.ownerPolicy()
        }
        func changeSequence(_ t: TableBuilder) { t.column("change_seq", .bigint, .notNull, .stampedOnWrite(.sequence)) }
        b.table("profiles") { t in
            t.column("id", .uuid, .primaryKey)
            t.column("display_name", .text)
            t.column("phone", .text)
            timestamps(t)
            t.ownerPolicy(column: "id")
        }
        b.table("persons") { t in
            owned(t)
            t.column("name", .text, .notNull)
            t.column("is_archived", .bool, .notNull, .default(.value(false)))
            t.column("last_viewed_date", .timestamptz)
            timestamps(t)
            t.column("revision", .bigint, .notNull, .default(.value(1)))
            changeSequence(t)
        }
        b.table("user_groups") { t in
            owned(t)
            t.column("name", .text, .notNull)
            t.column("created_date", .timestamptz)
            timestamps(t)
            changeSequence(t)
        }
        b.table("group_members") { t in
            t.column("id", .uuid, .primaryKey, .default(.randomUUID))
            t.column("group_id", .uuid, .notNull, .references("user_groups", onDelete: .cascade))
            t.column("person_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            t.unique("group_id", "person_id")
            changeSequence(t)
            t.parentPolicy(column: "group_id", parent: "user_groups")
        }
        b.table("financial_transactions") { t in
            owned(t)
            t.column("title", .text, .notNull)
            t.column("amount", money, .notNull)
            t.column("currency", .text)
            t.column("date", .date)
            t.column("payer_id", .uuid, .references("persons", onDelete: .setNull))
            t.column("group_id", .uuid, .references("user_groups", onDelete: .setNull))
            timestamps(t)
            t.column("revision", .bigint, .notNull, .default(.value(1)))
            changeSequence(t)
        }
        b.table("transaction_splits") { t in
            t.column("id", .uuid, .primaryKey, .default(.randomUUID))
            t.column("transaction_id", .uuid, .notNull, .references("financial_transactions", onDelete: .cascade))
            t.column("owed_by_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            t.column("amount", money, .notNull)
            t.column("raw_amount", money)
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            changeSequence(t)
            t.parentPolicy(column: "transaction_id", parent: "financial_transactions")
        }
        b.table("settlements") { t in
            owned(t)
            t.column("amount", money, .notNull)
            t.column("date", .date)
            t.column("is_full_settlement", .bool, .notNull, .default(.value(false)))
            t.column("from_person_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            t.column("to_person_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            timestamps(t)
            changeSequence(t)
        }
        b.table("sync_changes") { t in
            t.column("change_id", .uuid, .primaryKey)
            t.column("owner_id", .uuid, .notNull)
            t.column("entity_table", .text, .notNull)
            t.column("entity_id", .uuid, .notNull)
            t.column("outcome", .text, .notNull)
            t.column("revision", .bigint)
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            t.ownerPolicy()
        }
    }, ownerColumns: [
        "profiles": "id", "persons": "owner_id", "user_groups": "owner_id", "financial_transactions": "owner_id",
        "settlements": "owner_id", "sync_changes": "owner_id",
    ])
}
