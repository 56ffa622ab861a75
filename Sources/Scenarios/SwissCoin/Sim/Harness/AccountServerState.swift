import AppPorts
import FakeCloud
import Foundation
import SimCore
import SimHarness

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

    /// The tables whose owned ids decide ownership of another table's rows.
    static let parentTables: Set<String> = Set(specs.compactMap { spec in
        if case .parent(_, let parent) = spec.ownership { return parent } else { return nil }
    })

    /// One compared table: the account's rows, each as its key text and its compared values.
    struct Table {
        let table: String
        /// The compared columns in sorted order (a stored row has every column of its table).
        let columns: [String]
        /// Per row, its key text and its values in `columns` order (a nil: the row lacks the
        /// column), in stored order.
        let rows: [(key: String, values: [JSONValue?])]

        /// Whether both hold the same rows in the same order by key (rows with equal keys in
        /// stored order): the common case, decided without building a row. False may still be
        /// equal multisets (equal keys in another order).
        func sameRows(as other: Table) -> Bool {
            guard columns == other.columns && rows.count == other.rows.count else { return false }
            // Two runs usually store rows in the same order: equal there, they are equal sorted
            // too (both sort the same way), and neither side needs sorting.
            if Self.same(rows, other.rows) { return true }
            return Self.same(sortedRows, other.sortedRows)
        }

        private static func same(_ a: [(key: String, values: [JSONValue?])], _ b: [(key: String, values: [JSONValue?])]) -> Bool {
            zip(a, b).allSatisfy { $0.key == $1.key && $0.values == $1.values }
        }

        /// `rows` sorted by key; rows with equal keys keep stored order.
        private var sortedRows: [(key: String, values: [JSONValue?])] {
            let order = rows.indices.sorted { rows[$0].key != rows[$1].key ? rows[$0].key < rows[$1].key : $0 < $1 }
            return order.map { rows[$0] }
        }

        /// Key text → normalised rows (built for the slower comparison and for reports).
        var byKey: [String: [Row]] {
            var result: [String: [Row]] = [:]
            for row in rows {
                var normal: Row = [:]
                for (column, value) in zip(columns, row.values) { if let value { normal[column] = value } }
                result[row.key, default: []].append(normal)
            }
            return result
        }
    }

    /// Per table, in spec order, storage last.
    private(set) var tables: [Table] = []

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
            if Self.parentTables.contains(spec.table) { ownedIds[spec.table] = Set(owned.compactMap { $0["id"]?.stringValue }) }
            // `change_seq` comes from a server-wide sequence: equal contents, different numbers.
            let dropped: Set<String> = spec.key == ["id"] ? ["created_at", "updated_at", "change_seq"]
                : ["id", "created_at", "updated_at", "change_seq"]
            // Stored rows have every column of their table: the first row's keys are everyone's
            // unless a count differs (then the union, so no column escapes the comparison).
            var columns = Set(owned.first.map { Array($0.keys) } ?? [])
            if owned.contains(where: { $0.count != columns.count }) { for row in owned { columns.formUnion(row.keys) } }
            tables.append(Self.table(spec.table, owned, columns: columns.subtracting(dropped).sorted(), userId: userId) { row in
                // Most tables have one key column: its value is the key.
                var key = Self.mapped(row[spec.key[0]]?.stringValue ?? "null", userId: userId)
                for column in spec.key.dropFirst() {
                    key += ", "
                    key += Self.mapped(row[column]?.stringValue ?? "null", userId: userId)
                }
                return key
            })
        }
        tables.append(Self.objects(admin, userId: userId))
    }

    /// `rows` as a compared table: string values with the account's user id written `<account>`.
    static func table(_ name: String, _ rows: [Row], columns: [String], userId: String, key: (Row) -> String) -> Table {
        var keyed: [(key: String, values: [JSONValue?])] = []
        keyed.reserveCapacity(rows.count)
        for row in rows {
            let values: [JSONValue?] = columns.map { column in
                guard let value = row[column] else { return nil }
                if case .string(let text) = value { return .string(mapped(text, userId: userId)) }
                return value
            }
            keyed.append((key(row), values))
        }
        return Table(table: name, columns: columns, rows: keyed)
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
    static func objects(_ admin: AdminView, userId: String) -> Table {
        var rows: [Row] = []
        for object in admin.objects where object.path.split(separator: "/").first.map(String.init) == userId {
            var hash = StableHash.offsetBasis
            for byte in object.data { hash = (hash ^ UInt64(byte)) &* StableHash.prime }
            rows.append([
                "key": .string("\(object.bucket)/\(object.path)"),
                "owner": .string(object.owner ?? "null"),
                "data": .string("\(object.data.count) bytes fnv1a \(String(hash, radix: 16))"),
            ])
        }
        return table(storageTable, rows, columns: ["data", "owner"], userId: userId) { mapped($0["key"]!.stringValue!, userId: userId) }
    }

    /// The rows of `table` by key (empty for an unknown table).
    func rows(_ table: String) -> [String: [Row]] {
        self.table(table)?.byKey ?? [:]
    }

    func table(_ name: String) -> Table? {
        tables.first { $0.table == name }
    }

    /// `column=value` pairs in column order, values as canonical JSON: how a row is printed and
    /// ordered in a report.
    static func text(_ row: Row) -> String {
        row.keys.sorted().map { "\($0)=\(row[$0]!.canonicalText)" }.joined(separator: ", ")
    }
}
