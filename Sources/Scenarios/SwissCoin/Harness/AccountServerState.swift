import Foundation
import FakeCloud
import SimCore

/// One account's server state in a form two runs can be compared by (idempotent-retry): per
/// table, the rows the account owns, grouped by key. Rows are compared as values; their
/// canonical text (sorted columns) is built only to order and print differences.
///
/// Left out is what only the server decides or what differs between runs by construction:
/// `created_at` and `updated_at`, the `id` of rows that have a natural key (the server assigns it
/// for members and subscribers; for splits and payers it is random under the `*-fresh-uuid`
/// defects, and a duplicate then shows as a second row under the same natural key), and storage
/// object ids and versions. The account's auth user id is written `<account>` where it appears
/// (owner columns, the "me" person and references to it, photo paths), because each run signs the
/// account up anew.
struct AccountServerState {
    /// How a table's rows belong to an account.
    enum Ownership {
        /// `owner_id` = the account's user id.
        case ownerColumn
        /// The row's `id` is the account's user id (`profiles`).
        case ownId
        /// The row's `column` references an owned row of `parent`.
        case parent(column: String, parent: String)
    }

    /// A compared table: how rows are owned and which columns key them.
    struct TableSpec {
        let table: String
        let ownership: Ownership
        let key: [String]
    }

    static let placeholder = "<account>"
    static let storageTable = "storage.objects"
    /// Every table of the Swiss Coin backend, parents before children (a test holds this list to
    /// the backend's declaration, so a new table cannot escape the comparison).
    static let specs: [TableSpec] = {
        var specs = [TableSpec(table: "profiles", ownership: .ownId, key: ["id"])]
        for table in ["persons", "user_groups", "subscriptions", "financial_transactions", "settlements", "reminders",
                      "chat_messages", "subscription_payments", "subscription_settlements", "subscription_reminders"] {
            specs.append(TableSpec(table: table, ownership: .ownerColumn, key: ["id"]))
        }
        specs.append(TableSpec(table: "sync_changes", ownership: .ownerColumn, key: ["change_id"]))
        let parents = ["transaction_splits": "financial_transactions", "transaction_payers": "financial_transactions",
                       "group_members": "user_groups", "subscription_subscribers": "subscriptions"]
        for (table, columns) in NoDuplicateChecker.naturalKeys {
            specs.append(TableSpec(table: table, ownership: .parent(column: columns[0], parent: parents[table]!), key: columns))
        }
        return specs
    }()

    /// Table (spec order, storage last) → key text → normalised rows.
    private(set) var tables: [(table: String, rows: [String: [Row]])] = []

    init(admin: AdminView, userId: String) {
        var ownedIds: [String: Set<String>] = [:]
        for spec in Self.specs {
            let owned = admin.rows(spec.table).filter { row in
                switch spec.ownership {
                case .ownerColumn: return row["owner_id"]?.stringValue == userId
                case .ownId: return row["id"]?.stringValue == userId
                case .parent(let column, let parent): return ownedIds[parent]?.contains(row[column]?.stringValue ?? "") ?? false
                }
            }
            ownedIds[spec.table] = Set(owned.compactMap { $0["id"]?.stringValue })
            // `change_seq` comes from a server-wide sequence: equal contents, different numbers.
            let dropped: Set<String> = spec.key == ["id"] ? ["created_at", "updated_at", "change_seq"]
                : ["id", "created_at", "updated_at", "change_seq"]
            var rows: [String: [Row]] = [:]
            for row in owned {
                let key = spec.key.map { Self.mapped(row[$0]?.stringValue ?? "null", userId: userId) }.joined(separator: ", ")
                var normal: Row = [:]
                for (column, value) in row where !dropped.contains(column) {
                    if case .string(let text) = value { normal[column] = .string(Self.mapped(text, userId: userId)) } else { normal[column] = value }
                }
                rows[key, default: []].append(normal)
            }
            tables.append((spec.table, rows))
        }
        tables.append((Self.storageTable, Self.objects(admin, userId: userId)))
    }

    /// `text` with every occurrence of the account's user id written `<account>`: the whole value
    /// (owner and person columns) or parts of it (the "me" photo, `<user id>/persons/<user id>.jpg`).
    /// Only a longer text can hold the id as a part, so most values skip the search.
    static func mapped(_ text: String, userId: String) -> String {
        if text == userId { return placeholder }
        guard text.utf8.count > userId.utf8.count, text.contains(userId) else { return text }
        return text.replacing(userId, with: placeholder)
    }

    /// The account's storage objects (first path segment = its user id, the `ownerFolders`
    /// policy), keyed by bucket and path; content as size and FNV-1a hash.
    static func objects(_ admin: AdminView, userId: String) -> [String: [Row]] {
        var rows: [String: [Row]] = [:]
        for object in admin.objects where object.path.split(separator: "/").first.map(String.init) == userId {
            var hash = StableHash.offsetBasis
            for byte in object.data { hash = (hash ^ UInt64(byte)) &* StableHash.prime }
            let key = "\(object.bucket)/\(mapped(object.path, userId: userId))"
            rows[key, default: []].append([
                "owner": .string(mapped(object.owner ?? "null", userId: userId)),
                "data": .string("\(object.data.count) bytes fnv1a \(String(hash, radix: 16))"),
            ])
        }
        return rows
    }

    /// The rows of `table` by key (empty for an unknown table).
    func rows(_ table: String) -> [String: [Row]] {
        tables.first { $0.table == table }?.rows ?? [:]
    }

    /// `column=value` pairs in column order, values as canonical JSON: how a row is printed and
    /// ordered in a report.
    static func text(_ row: Row) -> String {
        row.keys.sorted().map { "\($0)=\(row[$0]!.canonicalText)" }.joined(separator: ", ")
    }
}
