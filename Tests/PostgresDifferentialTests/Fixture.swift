import FakeCloud
import SimCore

/// A backend the differential runs, with what the request generator needs to know beyond the
/// schema: which column holds the owner (`auth.uid()`), and the natural keys worth upserting on.
struct Fixture {
    var name: String
    var backend: BackendDefinition
    /// Per table, the column its owner policy compares with `auth.uid()`.
    var ownerColumns: [String: String]
    var users: Int = 2

    /// Parents, children with foreign keys, natural-key unique constraints, a join table whose
    /// policy reads its parent, all under owner RLS; numeric, date, timestamptz, text, bool, uuid.
    static let ledger = Fixture(name: "ledger", backend: BackendDefinition { b in
        b.table("accounts") { t in
            t.column("id", .uuid, .primaryKey)
            t.column("owner_id", .uuid, .notNull, .default(.authUID))
            t.column("code", .text, .notNull)
            t.column("name", .text)
            t.column("balance", .numeric(12, 2), .notNull, .default(.value(.int(0))))
            t.column("opened", .date)
            t.column("active", .bool, .notNull, .default(.value(true)))
            t.unique("owner_id", "code")
            t.ownerPolicy()
        }
        b.table("entries") { t in
            t.column("id", .uuid, .primaryKey)
            t.column("owner_id", .uuid, .notNull, .default(.authUID))
            t.column("account_id", .uuid, .notNull, .references("accounts", onDelete: .cascade))
            t.column("amount", .numeric(12, 2), .notNull)
            t.column("booked_at", .timestamptz)
            t.column("day", .date)
            t.column("note", .text)
            t.column("external_ref", .text, .unique)
            t.ownerPolicy()
        }
        b.table("tags") { t in
            t.column("id", .uuid, .primaryKey, .default(.randomUUID))
            t.column("owner_id", .uuid, .default(.authUID))
            t.column("label", .text, .notNull)
            t.ownerPolicy()
        }
        b.table("entry_tags") { t in
            t.column("id", .uuid, .primaryKey, .default(.randomUUID))
            t.column("entry_id", .uuid, .notNull, .references("entries", onDelete: .cascade))
            t.column("tag_id", .uuid, .notNull, .references("tags"))
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            t.unique("entry_id", "tag_id")
            t.parentPolicy(column: "entry_id", parent: "entries")
        }
    }, ownerColumns: ["accounts": "owner_id", "entries": "owner_id", "tags": "owner_id"], users: 3)

    /// No RLS: value conversion, defaults, write stamps, a nullable foreign key with SET NULL.
    static let catalog = Fixture(name: "catalog", backend: BackendDefinition { b in
        b.table("products", rowLevelSecurity: false) { t in
            t.column("id", .uuid, .primaryKey)
            t.column("sku", .text, .notNull, .unique)
            t.column("price", .numeric(10, 3))
            t.column("qty", .int, .notNull, .default(.value(0)))
            t.column("big", .bigint)
            t.column("available", .bool)
            t.column("released", .date, .default(.currentDate))
            t.column("created_at", .timestamptz, .notNull, .default(.now))
            t.column("updated_at", .timestamptz, .notNull, .stampedOnWrite(.now))
            t.column("change_seq", .bigint, .notNull, .stampedOnWrite(.sequence))
        }
        b.table("variants", rowLevelSecurity: false) { t in
            t.column("id", .uuid, .primaryKey)
            t.column("product_id", .uuid, .references("products", onDelete: .setNull))
            t.column("name", .text, .notNull)
            t.column("weight", .numeric(6, 0))
            t.unique("product_id", "name")
        }
    }, ownerColumns: [:])

    /// The design note's table: one owner-RLS table (design.md, "Verified behaviour").
    static let design = Fixture(name: "design", backend: BackendDefinition { b in
        b.table("t") { t in
            t.column("id", .uuid, .primaryKey)
            t.column("owner_id", .uuid, .notNull)
            t.column("name", .text)
            t.ownerPolicy()
        }
    }, ownerColumns: ["t": "owner_id"])
}
