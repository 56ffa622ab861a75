import Foundation
import FakeCloud
import SimCore

/// One account's server state in a form two runs can be compared by (idempotent-retry): per
/// table, the rows the account owns, grouped by key, each as canonical column text.
///
/// Left out is what only the server decides or what differs between runs by construction:
/// `created_at` and `updated_at`, the `id` of rows that have a natural key (the server assigns it
/// for members and subscribers; for splits and payers it is random under the `*-fresh-uuid`
/// defects, and a duplicate then shows as a second row under the same natural key), and storage
/// object ids and versions. The account's auth user id is written `<account>` wherever it
/// appears (owner columns, the "me" person, photo paths), because each run signs the account up
/// anew.
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

    /// One row as compared: canonical text per column (dropped columns absent).
    struct NormalRow: Equatable {
        let fields: [String: String]
        /// `column=value` pairs in column order: the row's identity in the multiset.
        let text: String

        init(fields: [String: String]) {
            self.fields = fields
            text = fields.keys.sorted().map { "\($0)=\(fields[$0]!)" }.joined(separator: ", ")
        }
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
        let parents = ["transaction_splits": "financial_transactions", "transaction_payers": "financial_transactions",
                       "group_members": "user_groups", "subscription_subscribers": "subscriptions"]
        for (table, columns) in NoDuplicateChecker.naturalKeys {
            specs.append(TableSpec(table: table, ownership: .parent(column: columns[0], parent: parents[table]!), key: columns))
        }
        return specs
    }()

    /// Table (spec order, storage last) → key text → rows, sorted by text.
    private(set) var tables: [(table: String, rows: [String: [NormalRow]])] = []

    init(admin: AdminView, userId: String) {
        let map = { (text: String) in text.contains(userId) ? text.replacingOccurrences(of: userId, with: Self.placeholder) : text }
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
            let dropped: Set<String> = spec.key == ["id"] ? ["created_at", "updated_at"] : ["id", "created_at", "updated_at"]
            var rows: [String: [NormalRow]] = [:]
            for row in owned {
                let key = spec.key.map { map(row[$0]?.stringValue ?? "null") }.joined(separator: ", ")
                var fields: [String: String] = [:]
                for (column, value) in row where !dropped.contains(column) { fields[column] = map(value.canonicalText) }
                rows[key, default: []].append(NormalRow(fields: fields))
            }
            tables.append((spec.table, rows.mapValues { $0.sorted { $0.text < $1.text } }))
        }
        tables.append((Self.storageTable, Self.objects(admin, userId: userId, map: map)))
    }

    /// The account's storage objects (first path segment = its user id, the `ownerFolders`
    /// policy), keyed by bucket and path; content as size and FNV-1a hash.
    static func objects(_ admin: AdminView, userId: String, map: (String) -> String) -> [String: [NormalRow]] {
        var rows: [String: [NormalRow]] = [:]
        for object in admin.objects where object.path.split(separator: "/").first.map(String.init) == userId {
            var hash = StableHash.offsetBasis
            for byte in object.data { hash = (hash ^ UInt64(byte)) &* StableHash.prime }
            let key = "\(object.bucket)/\(map(object.path))"
            rows[key, default: []].append(NormalRow(fields: [
                "owner": map(object.owner ?? "null"), "data": "\(object.data.count) bytes fnv1a \(String(hash, radix: 16))",
            ]))
        }
        return rows.mapValues { $0.sorted { $0.text < $1.text } }
    }

    /// The rows of `table` by key (empty for an unknown table).
    func rows(_ table: String) -> [String: [NormalRow]] {
        tables.first { $0.table == table }?.rows ?? [:]
    }
}
