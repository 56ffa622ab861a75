import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// Swiss Coin's Supabase backend, declared for the fake cloud: the tables the migration plan
/// (seeds/000_a34d787f753d6341.txt, `MigrationService`) writes, owner-based RLS, the `photos`
/// bucket, the sign-up trigger that creates `profiles`, and the `calculate-balance` function.
///
/// The plan shows the DTOs but not the DDL, so column types are inferred from the DTOs: money the
/// app sends as `Double` is `numeric(12,2)`; ids are uuid; the `date`-like fields of money
/// records are `date` by default (`dayColumnType`) — switch to `.timestamptz` for the variant
/// where the server keeps instants.
public enum SwissCoinBackend {
    /// Server-schema variants the harness runs (SC-5, SC-9 depend on them).
    public struct Options: Sendable {
        /// `unique (group_id, person_id)` / `unique (subscription_id, person_id)` on the join
        /// tables. Off: a re-sent membership gets a new surrogate id → duplicate (SC-9 a). On: the
        /// re-sent upsert conflicts on the unique key → 409 on every retry (SC-9 b).
        public var uniqueJoinRows = false
        /// RLS on every table (normal Supabase). Off: an upsert on another account's id rewrites
        /// its `owner_id` (SC-5's other branch).
        public var rowLevelSecurity = true
        /// Type of `date`, `start_date`, `billing_period_*` … columns.
        public var dayColumnType: ColumnType = .date

        public init(uniqueJoinRows: Bool = false, rowLevelSecurity: Bool = true, dayColumnType: ColumnType = .date) {
            self.uniqueJoinRows = uniqueJoinRows
            self.rowLevelSecurity = rowLevelSecurity
            self.dayColumnType = dayColumnType
        }
    }

    /// Money columns: the app sends Double amounts; the server keeps exact cents.
    static let money = ColumnType.numeric(12, 2)

    /// The whole backend for `options`.
    public static func definition(_ options: Options = Options()) -> BackendDefinition {
        BackendDefinition { backend in
            declarePeople(backend, options)
            declareSubscriptions(backend, options)
            declareTransactions(backend, options)
            declareMessages(backend, options)
            backend.bucket(.ownerFolders(id: "photos", fileSizeLimit: 5 * 1024 * 1024))
            // Step 1 of the plan: "Profile (already created by auth trigger, just update)".
            backend.onAuthUserCreated { user in [TriggerInsert("profiles", ["id": .string(user.id)])] }
            backend.function("calculate-balance", BalanceFunction.run)
            declareSync(backend, options)
        }
    }

    /// created_at / updated_at / deleted_at, as the plan's DTOs carry them.
    static func timestamps(_ t: TableBuilder) {
        t.column("created_at", .timestamptz, .notNull, .default(.now))
        t.column("updated_at", .timestamptz, .notNull, .default(.now))
        t.column("deleted_at", .timestamptz)
    }

    /// An owned table: `id uuid primary key`, `owner_id uuid not null`, policy owner_id = auth.uid().
    static func owned(_ t: TableBuilder) {
        t.column("id", .uuid, .primaryKey, .default(.randomUUID))
        t.column("owner_id", .uuid, .notNull)
        t.ownerPolicy()
    }

    static func declarePeople(_ backend: BackendBuilder, _ options: Options) {
        let rls = options.rowLevelSecurity
        backend.table("profiles", rowLevelSecurity: rls) { t in
            t.column("id", .uuid, .primaryKey)
            t.column("display_name", .text)
            t.column("phone", .text)
            t.column("color_hex", .text)
            t.column("photo_url", .text)
            timestamps(t)
            t.ownerPolicy(column: "id")
        }
        backend.table("persons", rowLevelSecurity: rls) { t in
            owned(t)
            t.column("name", .text, .notNull)
            t.column("phone_number", .text)
            t.column("photo_url", .text)
            t.column("color_hex", .text)
            t.column("is_archived", .bool, .notNull, .default(.value(false)))
            t.column("last_viewed_date", .timestamptz)
            timestamps(t)
            syncColumns(t)
        }
        backend.table("user_groups", rowLevelSecurity: rls) { t in
            owned(t)
            t.column("name", .text, .notNull)
            t.column("photo_url", .text)
            t.column("color_hex", .text)
            t.column("created_date", .timestamptz)
            t.column("last_viewed_date", .timestamptz)
            timestamps(t)
            pulledOnly(t)
        }
        // Step 5 sends only (group_id, person_id): the surrogate id default is what SC-9 hits.
        backend.table("group_members", rowLevelSecurity: rls) { t in
            t.column("id", .uuid, .primaryKey, .default(.randomUUID))
            t.column("group_id", .uuid, .notNull, .references("user_groups", onDelete: .cascade))
            t.column("person_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            if options.uniqueJoinRows { t.unique("group_id", "person_id") }
            changeSequence(t)  // a member added later must reach devices that pulled its group
            t.parentPolicy(column: "group_id", parent: "user_groups")
            t.index("group_id")
        }
    }

    static func declareSubscriptions(_ backend: BackendBuilder, _ options: Options) {
        let rls = options.rowLevelSecurity, day = options.dayColumnType
        backend.table("subscriptions", rowLevelSecurity: rls) { t in
            owned(t)
            t.column("name", .text, .notNull)
            t.column("amount", money, .notNull)
            // Not in the seed's DTO (l.495-513): the local entity has a currency and the row must
            // keep it, or a device that pulls the subscription shows it in the default currency
            // (`subscription-currency-dropped`).
            t.column("currency", .text)
            t.column("cycle", .text, .notNull, .default(.value("monthly")))
            t.column("custom_cycle_days", .int)
            t.column("start_date", day)
            t.column("next_billing_date", day)
            t.column("is_shared", .bool, .notNull, .default(.value(false)))
            t.column("is_active", .bool, .notNull, .default(.value(true)))
            for text in ["category", "icon_name", "color_hex", "notes"] { t.column(text, .text) }
            t.column("notification_enabled", .bool, .notNull, .default(.value(false)))
            t.column("notification_days_before", .int, .notNull, .default(.value(1)))
            t.column("is_archived", .bool, .notNull, .default(.value(false)))
            timestamps(t)
            pulledOnly(t)
        }
        backend.table("subscription_subscribers", rowLevelSecurity: rls) { t in
            t.column("id", .uuid, .primaryKey, .default(.randomUUID))
            t.column("subscription_id", .uuid, .notNull, .references("subscriptions", onDelete: .cascade))
            t.column("person_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            if options.uniqueJoinRows { t.unique("subscription_id", "person_id") }
            changeSequence(t)
            t.parentPolicy(column: "subscription_id", parent: "subscriptions")
            t.index("subscription_id")
        }
        backend.table("subscription_payments", rowLevelSecurity: rls) { t in
            owned(t)
            t.column("subscription_id", .uuid, .notNull, .references("subscriptions", onDelete: .cascade))
            t.column("payer_id", .uuid, .references("persons", onDelete: .setNull))
            t.column("amount", money, .notNull)
            t.column("date", day)
            t.column("billing_period_start", day)
            t.column("billing_period_end", day)
            t.column("note", .text)
            timestamps(t)
            pulledOnly(t)
        }
        backend.table("subscription_settlements", rowLevelSecurity: rls) { t in
            owned(t)
            t.column("subscription_id", .uuid, .notNull, .references("subscriptions", onDelete: .cascade))
            t.column("from_person_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            t.column("to_person_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            t.column("amount", money, .notNull)
            t.column("date", day)
            t.column("note", .text)
            timestamps(t)
            pulledOnly(t)
        }
        backend.table("subscription_reminders", rowLevelSecurity: rls) { t in
            owned(t)
            t.column("subscription_id", .uuid, .notNull, .references("subscriptions", onDelete: .cascade))
            t.column("to_person_id", .uuid, .references("persons", onDelete: .cascade))
            t.column("amount", money)
            t.column("created_date", .timestamptz)
            t.column("message", .text)
            t.column("is_read", .bool, .notNull, .default(.value(false)))
            timestamps(t)
            pulledOnly(t)
        }
    }

    static func declareTransactions(_ backend: BackendBuilder, _ options: Options) {
        let rls = options.rowLevelSecurity, day = options.dayColumnType
        backend.table("financial_transactions", rowLevelSecurity: rls) { t in
            owned(t)
            t.column("title", .text, .notNull)
            t.column("amount", money, .notNull)
            t.column("currency", .text)
            t.column("date", day)
            t.column("split_method", .text)
            t.column("note", .text)
            t.column("payer_id", .uuid, .references("persons", onDelete: .setNull))
            t.column("created_by_id", .uuid, .references("persons", onDelete: .setNull))
            t.column("group_id", .uuid, .references("user_groups", onDelete: .setNull))
            timestamps(t)
            syncColumns(t)
            t.index("payer_id")
        }
        // Splits and payers carry no owner_id in the plan's DTOs: ownership via the transaction.
        // The foreign-key columns `calculate-balance` filters on are indexed, as Supabase's
        // database advisor asks of every foreign key ("unindexed foreign keys").
        backend.table("transaction_splits", rowLevelSecurity: rls) { t in
            t.column("id", .uuid, .primaryKey, .default(.randomUUID))
            t.column("transaction_id", .uuid, .notNull, .references("financial_transactions", onDelete: .cascade))
            t.column("owed_by_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            t.column("amount", money, .notNull)
            t.column("raw_amount", money)
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            changeSequence(t)
            t.parentPolicy(column: "transaction_id", parent: "financial_transactions")
            t.index("transaction_id")
            t.index("owed_by_id")
        }
        backend.table("transaction_payers", rowLevelSecurity: rls) { t in
            t.column("id", .uuid, .primaryKey, .default(.randomUUID))
            t.column("transaction_id", .uuid, .notNull, .references("financial_transactions", onDelete: .cascade))
            t.column("paid_by_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            t.column("amount", money, .notNull)
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            changeSequence(t)
            t.parentPolicy(column: "transaction_id", parent: "financial_transactions")
            t.index("transaction_id")
            t.index("paid_by_id")
        }
        backend.table("settlements", rowLevelSecurity: rls) { t in
            owned(t)
            t.column("amount", money, .notNull)
            t.column("currency", .text)
            t.column("date", day)
            t.column("note", .text)
            t.column("is_full_settlement", .bool, .notNull, .default(.value(false)))
            t.column("from_person_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            t.column("to_person_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            timestamps(t)
            pulledOnly(t)
            t.index("from_person_id")
            t.index("to_person_id")
        }
    }

    static func declareMessages(_ backend: BackendBuilder, _ options: Options) {
        let rls = options.rowLevelSecurity
        backend.table("reminders", rowLevelSecurity: rls) { t in
            owned(t)
            t.column("created_date", .timestamptz)
            t.column("amount", money)
            t.column("message", .text)
            t.column("is_read", .bool, .notNull, .default(.value(false)))
            t.column("is_cleared", .bool, .notNull, .default(.value(false)))
            t.column("to_person_id", .uuid, .notNull, .references("persons", onDelete: .cascade))
            timestamps(t)
            pulledOnly(t)
        }
        backend.table("chat_messages", rowLevelSecurity: rls) { t in
            owned(t)
            t.column("content", .text, .notNull)
            t.column("timestamp", .timestamptz)
            t.column("is_from_user", .bool, .notNull, .default(.value(true)))
            t.column("is_edited", .bool, .notNull, .default(.value(false)))
            t.column("with_person_id", .uuid, .references("persons", onDelete: .cascade))
            t.column("with_group_id", .uuid, .references("user_groups", onDelete: .cascade))
            t.column("with_subscription_id", .uuid, .references("subscriptions", onDelete: .cascade))
            t.column("on_transaction_id", .uuid, .references("financial_transactions", onDelete: .cascade))
            timestamps(t)
            pulledOnly(t)
        }
    }
}
