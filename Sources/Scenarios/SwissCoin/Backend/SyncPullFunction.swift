import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// `rpc('sync_pull', {cursor, limit})`: every synced entity the caller can see that changed after
/// `cursor` (its `change_seq`, or one of its children's), oldest change first, at most `limit`:
/// `{changes: [{table, row, seq, <child sets>?}], cursor, more}`. A transaction comes with its
/// complete current `splits` and `payers`, a group with its `members`, a subscription with its
/// `subscribers`, so a device replaces them as a set. Soft-deleted rows are included (`deleted_at`
/// set): that is how other devices learn of a delete.
enum SyncPullFunction {
    static let defaultLimit = 200

    /// Owned tables pulled row by row.
    static let plainTables = [
        "persons", "settlements", "reminders", "chat_messages", "subscription_payments", "subscription_settlements",
        "subscription_reminders",
    ]

    /// A child table sent as a complete set with its parent, under `key` in the change.
    struct ChildSet {
        let table: String
        let parentColumn: String
        let key: String
    }

    /// Owned tables pulled with their child sets; a child's write moves its parent past the cursor.
    static let parentTables: [(table: String, children: [ChildSet])] = [
        ("financial_transactions", [ChildSet(table: "transaction_splits", parentColumn: "transaction_id", key: "splits"),
                                    ChildSet(table: "transaction_payers", parentColumn: "transaction_id", key: "payers")]),
        ("user_groups", [ChildSet(table: "group_members", parentColumn: "group_id", key: "members")]),
        ("subscriptions", [ChildSet(table: "subscription_subscribers", parentColumn: "subscription_id", key: "subscribers")]),
    ]

    @Sendable static func run(_ call: FunctionCall) -> FunctionResult {
        guard call.auth.uid != nil else { return FunctionResult(status: 401, body: ["error": "sign in required"]) }
        let cursor = call.body["cursor"]?.intValue ?? 0
        let limit = max(1, Int(call.body["limit"]?.intValue ?? Int64(defaultLimit)))
        do {
            // Every page of a first pull reads the same tables: the changes after cursor 0 are
            // computed once per caller and kept while no row the caller can see changes
            // (`FunctionCall.memoized`), and a page is the part of them after `cursor` (see
            // `changes(after:select:)` for why that part is exactly what computing from `cursor`
            // gives). When rows changed since, only what changed after `cursor` is read (and kept
            // for the next identical request): a device that pulls while another of the account
            // uploads reads its new rows, not the whole account.
            let select = { (table: String, filters: [RowFilter]) throws -> [Row] in try call.select(table, filters) }
            let items: [(seq: Int64, change: JSONValue)]
            if cursor >= 0, let all = call.remembered("sync_pull|changes", as: [(seq: Int64, change: JSONValue)].self) {
                items = all
            } else if cursor == 0 {
                items = try call.memoized("sync_pull|changes") { try everyChange(after: 0, select: select) }
            } else if cursor < 0 {
                items = try everyChange(after: cursor, select: select)
            } else {
                // Kept too while nothing the caller sees changes: an idle device asks again, and
                // the next page's cursor is later, so the same law pages it (one value per
                // caller: a request from an earlier cursor replaces it).
                items = try call.memoized("sync_pull|after", reusingIf: { $0.cursor <= cursor }) {
                    (cursor: cursor, items: try changes(after: cursor, select: select))
                }.items
            }
            let start = firstIndex(in: items, after: cursor)
            let end = min(items.count, start + limit)
            let page = items[start..<end]
            return FunctionResult(body: [
                "changes": .array(page.map(\.change)),
                "cursor": .int(page.last?.seq ?? cursor),
                "more": .bool(items.count - start > limit),
            ])
        } catch let error as PostgrestError {
            return FunctionResult(status: 400, body: error.body)
        } catch {
            return FunctionResult(status: 500, body: ["error": .string("\(error)")])
        }
    }

    /// Every change the caller can see after `cursor`, by sequence. A parent's sequence is its
    /// own or its latest child's, whichever is later; every sequence comes from one server-wide
    /// counter and a child has one parent, so no two changes share one and the order is total.
    /// For `c ≥ b ≥ 0` the changes after `c` are exactly the changes after `b` whose sequence is
    /// above `c`, with the same sequences: a parent whose latest child is above `c` has that
    /// child's sequence (or its own, if later) either way; one whose children are all at or below
    /// `c` is included iff its own sequence is above `c`, and then its own sequence is the later
    /// one.
    /// `select` reads a table as the caller (RLS applies).
    static func changes(after cursor: Int64, select: (String, [RowFilter]) throws -> [Row]) throws -> [(seq: Int64, change: JSONValue)] {
        let newer = RowFilter.gt("change_seq", .int(cursor))
        var items = try plainChanges(after: cursor, select: select)
        for parent in parentTables {
            // Parents changed after `cursor` themselves or through a child changed after it; each
            // goes with its complete child sets (every child it has, changed or not).
            var latestChild: [String: Int64] = [:]
            var named: [JSONValue] = []
            for child in parent.children {
                for row in try select(child.table, [newer]) {
                    guard let parentId = row[child.parentColumn], let id = parentId.stringValue else { continue }
                    if latestChild[id] == nil { named.append(parentId) }
                    latestChild[id] = max(latestChild[id] ?? 0, seq(row))
                }
            }
            var parents = try select(parent.table, [newer])
            let own = Set(parents.compactMap { $0["id"]?.stringValue })
            let others = named.filter { !own.contains($0.stringValue ?? "") }
            if !others.isEmpty { parents += try select(parent.table, [.in("id", others)]) }
            let ids = parents.compactMap { $0["id"] }
            var childrenOf: [[String: [Row]]] = []
            for child in parent.children {
                let rows = ids.isEmpty ? [] : try select(child.table, [.in(child.parentColumn, ids)])
                childrenOf.append(Dictionary(grouping: rows) { $0[child.parentColumn]?.stringValue ?? "" })
            }
            items += parents.compactMap { parentChange(parent, $0, after: cursor, latestChild: latestChild, childrenOf: childrenOf) }
        }
        items.sort { $0.seq < $1.seq }
        return items
    }

    /// `changes(after:select:)` computed from whole tables: cheaper when (nearly) everything is
    /// after `cursor`, as on a first pull.
    static func everyChange(after cursor: Int64, select: (String, [RowFilter]) throws -> [Row]) throws -> [(seq: Int64, change: JSONValue)] {
        var items = try plainChanges(after: cursor, select: select)
        for parent in parentTables {
            var latestChild: [String: Int64] = [:]
            var childrenOf: [[String: [Row]]] = []
            for child in parent.children {
                let rows = try select(child.table, [])
                for row in rows where seq(row) > cursor {
                    let id = row[child.parentColumn]?.stringValue ?? ""
                    latestChild[id] = max(latestChild[id] ?? 0, seq(row))
                }
                childrenOf.append(Dictionary(grouping: rows) { $0[child.parentColumn]?.stringValue ?? "" })
            }
            items += try select(parent.table, []).compactMap {
                parentChange(parent, $0, after: cursor, latestChild: latestChild, childrenOf: childrenOf)
            }
        }
        items.sort { $0.seq < $1.seq }
        return items
    }

    /// The rows of the tables pulled row by row changed after `cursor`, one change each.
    private static func plainChanges(after cursor: Int64, select: (String, [RowFilter]) throws -> [Row]) throws
        -> [(seq: Int64, change: JSONValue)]
    {
        var items: [(seq: Int64, change: JSONValue)] = []
        for table in plainTables {
            for row in try select(table, [.gt("change_seq", .int(cursor))]) {
                items.append((seq(row), ["table": .string(table), "row": .object(row), "seq": .int(seq(row))]))
            }
        }
        return items
    }

    /// A parent's change, keyed by its own or its latest child's sequence (`latestChild`, children
    /// after `cursor` only), with its complete child sets (`childrenOf`, per child table by parent
    /// id); nil when nothing of it changed after `cursor`.
    private static func parentChange(_ parent: (table: String, children: [ChildSet]), _ row: Row, after cursor: Int64,
                                     latestChild: [String: Int64], childrenOf: [[String: [Row]]]) -> (seq: Int64, change: JSONValue)? {
        let id = row["id"]?.stringValue ?? ""
        let key = max(seq(row), latestChild[id] ?? 0)
        guard key > cursor else { return nil }
        var change: [String: JSONValue] = ["table": .string(parent.table), "row": .object(row), "seq": .int(key)]
        for (child, rows) in zip(parent.children, childrenOf) {
            change[child.key] = .array((rows[id] ?? []).map(JSONValue.object))
        }
        return (key, .object(change))
    }

    /// The index of the first change whose sequence is above `cursor` (binary search).
    static func firstIndex(in items: [(seq: Int64, change: JSONValue)], after cursor: Int64) -> Int {
        var low = 0, high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].seq > cursor { high = middle } else { low = middle + 1 }
        }
        return low
    }

    static func seq(_ row: Row) -> Int64 { row["change_seq"]?.intValue ?? 0 }
}
