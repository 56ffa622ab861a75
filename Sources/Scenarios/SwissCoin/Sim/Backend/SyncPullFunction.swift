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
            // gives). When rows changed since, see `changedSince`.
            let select = { (table: String, filters: [RowFilter]) throws -> [Row] in try call.select(table, filters) }
            let page: ArraySlice<(seq: Int64, change: JSONValue)>, more: Bool
            if cursor >= 0, let all = call.remembered("sync_pull|changes", as: ChangeList.self), all.base <= cursor {
                (page, more) = slice(all.changes, after: cursor, limit: limit)
            } else if cursor == 0 {
                let all = try call.memoized("sync_pull|changes", reusingIf: { $0.base <= 0 }) {
                    ChangeList(base: 0, changes: try everyChange(after: 0, select: select))
                }
                (page, more) = slice(all.changes, after: 0, limit: limit)
            } else if cursor < 0 {
                (page, more) = slice(try everyChange(after: cursor, select: select), after: cursor, limit: limit)
            } else {
                (page, more) = try changedSince(cursor, limit: limit, call)
            }
            return FunctionResult(body: [
                "changes": .array(page.map(\.change)),
                "cursor": .int(page.last?.seq ?? cursor),
                "more": .bool(more),
            ])
        } catch let error as PostgrestError {
            return FunctionResult(status: 400, body: error.body)
        } catch {
            return FunctionResult(status: 500, body: ["error": .string("\(error)")])
        }
    }

    /// Every change after `base` at one state of the caller's rows (the memo pages are sliced
    /// from: it answers any cursor at or above `base`, see `changes(after:select:)`).
    struct ChangeList {
        /// The cursor the list was computed after.
        let base: Int64
        /// Every change after `base`, by sequence.
        let changes: [(seq: Int64, change: JSONValue)]
    }

    /// The tables a pull reads.
    static let readTables = plainTables + parentTables.flatMap { [$0.table] + $0.children.map(\.table) }

    /// A page after `cursor > 0` with no change list to slice (rows changed since the first
    /// pull: another device uploads, or this one pushed). Rented: read in change order from the
    /// cursor, as far as this page needs (`page(after:limit:query:)`), so a device that pulls
    /// while another of the account uploads reads a page's worth of rows per page. Bought, by the
    /// ski-rental rule (`SkiRental`), when the pages read at this state reach the rows the whole
    /// list cost last time: every change after `cursor`, kept for the later pages while nothing
    /// the caller can see changes. Both give the same page.
    private static func changedSince(_ cursor: Int64, limit: Int, _ call: FunctionCall) throws
        -> (page: ArraySlice<(seq: Int64, change: JSONValue)>, more: Bool) {
        let rental = try SkiRental(call, key: "sync_pull", tables: readTables, nothing: .eq("change_seq", .int(-1)))
        if rental.nextCallRents() {
            var read = 0
            let found = try page(after: cursor, limit: limit) { request in
                let rows = try call.query(request)
                read += rows.count
                return rows
            }
            rental.spending.rows += read
            return (found.changes[...], found.more)
        }
        let all = try call.memoized("sync_pull|changes", reusingIf: { $0.base <= cursor }) { () -> ChangeList in
            var read = 0
            let changes = try self.changes(after: cursor) { table, filters in
                let rows = try call.select(table, filters)
                read += rows.count
                return rows
            }
            rental.price.rows = read
            return ChangeList(base: cursor, changes: changes)
        }
        return slice(all.changes, after: cursor, limit: limit)
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

    /// The first `limit` changes after `cursor` in `items` (all changes after some cursor at or
    /// below it), and whether more follow.
    static func slice(_ items: [(seq: Int64, change: JSONValue)], after cursor: Int64, limit: Int)
        -> (page: ArraySlice<(seq: Int64, change: JSONValue)>, more: Bool) {
        let start = firstIndex(in: items, after: cursor)
        let end = min(items.count, start + limit)
        return (items[start..<end], items.count - start > limit)
    }

    /// One pulled table read in change order: the rows fetched and not yet consumed.
    private struct ChangeStream {
        enum Kind { case plain, parent(Int), child(Int, ChildSet) }
        let table: String
        let kind: Kind
        var rows: [Row] = []
        var next = 0
        /// The sequence of the last row fetched (the cursor, before any).
        var fetchedTo: Int64
        /// Whether every row after the cursor has been fetched.
        var exhausted = false

        var consumed: Bool { next == rows.count }
    }

    /// The first `limit` changes after `cursor` and whether more follow: exactly
    /// `changes(after: cursor)`'s first `limit` and `count > limit`, computed from the rows
    /// changed after the cursor in sequence order (`ORDER BY change_seq LIMIT`, an index scan),
    /// a batch of each table at a time, only as far as the page reaches.
    ///
    /// Why in sequence order works: a change's sequence is the latest of its entity's rows
    /// (its own or a child's), so once every table has been read up to sequence `high`, every
    /// entity with a change at or below `high` has had that row read; entities first met in
    /// this batch get their complete row and child sets (batched `in` lookups), their key is the
    /// latest sequence among them (for a key above the cursor that equals `changes`' key, which
    /// counts only children after the cursor), and the changes at or below `high` are final
    /// and in order. `query` runs a request as the caller (RLS applies).
    static func page(after cursor: Int64, limit: Int, query: (TableRequest) throws -> [Row]) throws
        -> (changes: [(seq: Int64, change: JSONValue)], more: Bool) {
        precondition(limit > 0, "a page holds at least one change")
        let batch = limit + 1
        var streams = plainTables.map { ChangeStream(table: $0, kind: .plain, fetchedTo: cursor) }
        for (index, parent) in parentTables.enumerated() {
            streams.append(ChangeStream(table: parent.table, kind: .parent(index), fetchedTo: cursor))
            streams += parent.children.map { ChangeStream(table: $0.table, kind: .child(index, $0), fetchedTo: cursor) }
        }
        var decided: Set<String> = []  // "table id" of every entity already keyed
        var waiting: [(seq: Int64, change: JSONValue)] = []  // keyed, above `high`
        var found: [(seq: Int64, change: JSONValue)] = []
        while found.count <= limit {
            for index in streams.indices where streams[index].consumed && !streams[index].exhausted {
                let rows = try query(TableRequest(table: streams[index].table, action: .select,
                                                  filters: [.gt("change_seq", .int(streams[index].fetchedTo))],
                                                  order: [OrderTerm("change_seq")], limit: batch))
                precondition(zip(rows, rows.dropFirst()).allSatisfy { seq($0) < seq($1) }, "rows in change order")
                streams[index].rows = rows
                streams[index].next = 0
                streams[index].exhausted = rows.count < batch
                streams[index].fetchedTo = rows.last.map(seq) ?? streams[index].fetchedTo
            }
            let high = streams.filter { !$0.exhausted }.map(\.fetchedTo).min() ?? .max
            // The rows up to `high`: new plain changes, and the parents they name.
            var named: [[JSONValue]] = parentTables.map { _ in [] }
            var parentRows: [[String: Row]] = parentTables.map { _ in [:] }
            for index in streams.indices {
                while streams[index].next < streams[index].rows.count, seq(streams[index].rows[streams[index].next]) <= high {
                    let row = streams[index].rows[streams[index].next]
                    streams[index].next += 1
                    switch streams[index].kind {
                    case .plain:
                        waiting.append((seq(row), ["table": .string(streams[index].table), "row": .object(row), "seq": .int(seq(row))]))
                    case .parent(let parent):
                        guard let id = row["id"], let text = id.stringValue else { continue }
                        if decided.insert("\(streams[index].table) \(text)").inserted { named[parent].append(id) }
                        parentRows[parent][text] = row
                    case .child(let parent, let child):
                        guard let id = row[child.parentColumn], let text = id.stringValue else { continue }
                        if decided.insert("\(parentTables[parent].table) \(text)").inserted { named[parent].append(id) }
                    }
                }
            }
            for (index, parent) in parentTables.enumerated() where !named[index].isEmpty {
                let unread = named[index].filter { parentRows[index][$0.stringValue!] == nil }
                let rows = named[index].compactMap { parentRows[index][$0.stringValue!] }
                    + (unread.isEmpty ? [] : try query(TableRequest(table: parent.table, action: .select, filters: [.in("id", unread)])))
                var latestChild: [String: Int64] = [:]
                var childrenOf: [[String: [Row]]] = []
                for child in parent.children {
                    let children = try query(TableRequest(table: child.table, action: .select, filters: [.in(child.parentColumn, named[index])]))
                    for row in children {
                        let id = row[child.parentColumn]?.stringValue ?? ""
                        latestChild[id] = max(latestChild[id] ?? 0, seq(row))
                    }
                    childrenOf.append(Dictionary(grouping: children) { $0[child.parentColumn]?.stringValue ?? "" })
                }
                waiting += rows.compactMap { parentChange(parent, $0, after: cursor, latestChild: latestChild, childrenOf: childrenOf) }
            }
            waiting.sort { $0.seq < $1.seq }
            let final = waiting.prefix { $0.seq <= high }
            found += final
            waiting.removeFirst(final.count)
            if high == .max { break }
        }
        return (Array(found.prefix(limit)), found.count > limit)
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
