import SimCore

/// The fake Postgres: declared tables, their rows, and statement execution with constraints and
/// row-level security, one request = one transaction.
///
/// Rows of a table are kept in insertion order and an UPDATE keeps a row's position. Real heap order
/// is unspecified (an UPDATE writes a new tuple elsewhere); a fixed order keeps runs reproducible,
/// and clients that need an order must ask for one, as with the real server.
public struct TableStore {
    public let schemas: [String: TableSchema]
    /// Table names in declaration order (never iterate `schemas` into a decision).
    public let tableNames: [String]
    /// The schemas by slot (`TableSchema.slot`: declaration order). Per-table state below is kept
    /// in arrays by slot, so a statement looks its table's name up once.
    let tables: [TableSchema]
    /// Per table slot, the rows.
    var rows: [[Row]]
    /// Per table slot, one hash index per unique constraint in `allUniques` order (see `UniqueIndex`).
    var indexes: [[UniqueIndex]]
    /// Per table slot, one index per `TableSchema.indexedColumns` entry (see `ColumnIndex`).
    var columnIndexes: [[ColumnIndex]]
    /// Undo records of the running request's row changes (see `RowUndo`); empty between requests.
    var journal: [RowUndo] = []
    /// Open multi-statement transactions (`transaction(_:)`); the journal is kept while any is.
    var openTransactions = 0
    /// Per table, `policyReach(from:)` (the schemas never change after init).
    private let policyReaches: [String: [String]?]
    /// The same per table slot, as slots.
    private let policyReachSlots: [[Int]?]
    /// Per table slot, per foreign key (declaration order): the referenced table's slot and the
    /// position in its `indexes` of the unique index over exactly the referenced columns (nil:
    /// none, the check reads the parent's rows; the whole entry nil: the referenced table is not
    /// declared, so no parent exists). The schemas never change after init.
    let foreignKeyTargets: [[(slot: Int, index: Int?)?]]
    /// Which tables' incoming foreign keys an UPDATE must re-check (see `ReferencedKeys`).
    var referencedKeys: ReferencedKeys
    public internal(set) var provenance = ProvenanceLog()
    /// Bumped by every statement that may write (whether or not it succeeds): equal revisions
    /// mean equal contents, which lets memoized function results stay valid.
    public private(set) var revision: UInt64 = 0
    /// Per table slot, bumped by every change to its rows (including an undo): an unchanged value
    /// means unchanged rows, which lets a memoized result that read only other tables stay valid.
    var tableRevisions: [UInt64]
    /// Per watched signed-in caller, per table, a revision of what they can see (`ViewerRevisions`).
    var viewerRevisions = ViewerRevisions()
    var random: SimRandom
    /// The last value the server-wide sequence gave (`WriteStamp.sequence`); never rolled back.
    public internal(set) var lastSequenceValue: Int64 = 0
    /// `now()` at virtual time zero, in microseconds since 1970 UTC.
    let epochMicros: Int64

    public init(tables: [TableSchema], random: SimRandom, epochMicros: Int64) {
        var slotted = tables
        var schemas: [String: TableSchema] = [:]
        for slot in slotted.indices {
            slotted[slot].slot = slot
            precondition(schemas[slotted[slot].name] == nil, "table \(slotted[slot].name) declared twice")
            schemas[slotted[slot].name] = slotted[slot]
        }
        self.schemas = schemas
        self.tables = slotted
        self.policyReaches = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, Self.policyReach(from: $0.name, schemas)) })
        self.policyReachSlots = slotted.map { table in Self.policyReach(from: table.name, schemas)?.map { schemas[$0]!.slot } }
        self.tableNames = tables.map(\.name)
        self.rows = Array(repeating: [], count: slotted.count)
        self.tableRevisions = Array(repeating: 0, count: slotted.count)
        self.indexes = slotted.map { table in table.allUniques.map { UniqueIndex(columns: $0.columns) } }
        self.columnIndexes = slotted.map { table in
            table.indexedColumns.map { column in
                let type = table.column(column)?.type
                return ColumnIndex(column: column, ordered: type == .int || type == .bigint)
            }
        }
        self.foreignKeyTargets = slotted.map { table in
            table.foreignKeys.map { key in
                schemas[key.referencedTable].map { parent in
                    (parent.slot, parent.allUniques.firstIndex { $0.columns == key.referencedColumns })
                }
            }
        }
        self.referencedKeys = ReferencedKeys(tables: tables)
        self.random = random
        self.epochMicros = epochMicros
    }

    /// Where an open multi-statement transaction began (`beginTransaction`).
    public struct TransactionMark: Sendable {
        let journal: Int
        let provenance: Int
        let referencedKeys: ReferencedKeys
    }

    /// Opens a transaction spanning several statements (a Postgres function called through
    /// `rpc`); close it with `endTransaction`.
    public mutating func beginTransaction() -> TransactionMark {
        openTransactions += 1
        return TransactionMark(
            journal: journal.count, provenance: provenance.entries.count, referencedKeys: referencedKeys)
    }

    /// Closes the transaction opened at `mark`: without `commit`, every row change and provenance
    /// entry since is undone. Sequence values drawn stay used, as in PostgreSQL.
    public mutating func endTransaction(_ mark: TransactionMark, commit: Bool) {
        openTransactions -= 1
        if !commit {
            undo(to: mark.journal)
            provenance.rollback(to: mark.provenance)
            referencedKeys = mark.referencedKeys
            revision &+= 1
        }
        if openTransactions == 0 { journal.removeAll(keepingCapacity: true) }
    }

    /// The revision of `table`'s rows (see `tableRevisions`).
    public func tableRevision(_ table: String) -> UInt64 { schemas[table].map { tableRevisions[$0.slot] } ?? 0 }

    /// All rows of `table` in stored form, bypassing RLS (for checkers and triggers).
    public func allRows(_ table: String) -> [Row] { schemas[table].map { rows[$0.slot] } ?? [] }

    /// Runs one PostgREST request as one transaction: on any error nothing it did remains.
    /// Returns the rows to send back (selected rows, or written rows when representation is asked).
    public mutating func execute(_ request: TableRequest, by statement: StatementContext) throws(PostgrestError)
        -> [Row]
    {
        guard let schema = schemas[request.table] else {
            throw PostgrestError(
                code: "42P01", message: "relation \"public.\(request.table)\" does not exist")
        }
        if case .select = request.action {} else {
            revision &+= 1
            tableRevisions[schema.slot] &+= 1  // as `revision`: a failed write counts too
        }
        let mark = journal.count
        let logMark = provenance.entries.count
        let keysMark = referencedKeys
        do {
            let result = try run(request, schema, statement)
            if mark == 0 && openTransactions == 0 { journal.removeAll(keepingCapacity: true) }
            return result
        } catch {
            undo(to: mark)
            provenance.rollback(to: logMark)
            referencedKeys = keysMark
            throw error
        }
    }

    private mutating func run(_ request: TableRequest, _ schema: TableSchema, _ statement: StatementContext)
        throws(PostgrestError) -> [Row]
    {
        // An INSERT body is converted before the checks, which raise first (PGRST204 for a key the
        // table lacks, then the filters and order, then the conflict target): the fast conversion
        // raises nothing, and finding each key's column once serves both the key check and it.
        var prepared: [PreparedRow?] = []
        switch request.action {
        case .insert(let input), .upsert(let input, _, _):
            prepared = input.map { preparedInsertRow(schema, $0) }
            if prepared.contains(where: { $0 == nil }) { try checkBodyColumns(schema, request) }
        case .select, .update, .delete:
            try checkBodyColumns(schema, request)
        }
        try checkFilterAndOrderColumns(schema, request)
        switch request.action {
        case .select:
            return try select(schema, request, statement)
        case .insert(let input):
            return try insert(schema, input, prepared: &prepared, conflict: nil, request, statement)
        case .upsert(let input, let onConflict, let ignore):
            let target = try conflictTarget(schema, onConflict)
            return try insert(schema, input, prepared: &prepared, conflict: (target, ignore), request, statement)
        case .update(let values):
            return try update(schema, values, request, statement)
        case .delete:
            return try delete(schema, request, statement)
        }
    }

    /// PGRST204 for a body key the table lacks.
    private func checkBodyColumns(_ schema: TableSchema, _ request: TableRequest) throws(PostgrestError) {
        switch request.action {
        case .insert(let input), .upsert(let input, _, _):
            if input.contains(where: { !schema.hasColumns($0.keys) }) { try reportUnknownColumn(schema, input.flatMap(\.keys)) }
        case .update(let values):
            if !schema.hasColumns(values.keys) { try reportUnknownColumn(schema, Array(values.keys)) }
        case .select, .delete: break
        }
    }

    /// 42703 for an unknown filter/order column (after `checkBodyColumns`).
    private func checkFilterAndOrderColumns(_ schema: TableSchema, _ request: TableRequest) throws(PostgrestError) {
        if case .update(let values) = request.action, values.isEmpty { return }  // `SELECT … WHERE false`: no filter reaches the server
        // Filters are checked in clause order with their literals (`checkFilterLiterals`), as the
        // parser meets them; ORDER BY columns after the WHERE clause.
        try checkFilterLiterals(schema, request.filters)
        for column in request.order.map(\.column) where schema.column(column) == nil {
            throw PostgrestError(code: "42703", message: "column \(schema.name).\(column) does not exist")
        }
    }

    /// PGRST204 for the first of `bodyKeys`, in sorted order, that the table lacks.
    private func reportUnknownColumn(_ schema: TableSchema, _ bodyKeys: [String]) throws(PostgrestError) {
        for key in bodyKeys.sorted() where schema.column(key) == nil {
            throw PostgrestError(
                code: "PGRST204", message: "Could not find the '\(key)' column of '\(schema.name)' in the schema cache")
        }
    }

    /// The unique constraint an upsert arbitrates on: the primary key unless `on_conflict` names
    /// the columns of another one (42P10 when none matches, as PostgreSQL reports).
    private func conflictTarget(_ schema: TableSchema, _ columns: [String]?) throws(PostgrestError) -> UniqueConstraint {
        guard let columns else { return schema.primaryKey }
        // The columns as a set: in any order, a name given twice counts once. The list as the
        // constraint declares it (the common case) is decided without building sets.
        if columns == schema.primaryKey.columns { return schema.primaryKey }
        let wanted = Set(columns)
        if let match = schema.allUniques.first(where: { Set($0.columns) == wanted }) { return match }
        throw PostgrestError(
            code: "42P10", message: "there is no unique or exclusion constraint matching the ON CONFLICT specification")
    }

    /// SELECT: filters AND the SELECT policy, then order, offset, limit.
    mutating func select(_ schema: TableSchema, _ request: TableRequest, _ statement: StatementContext)
        throws(PostgrestError) -> [Row]
    {
        let policy = policyContext(statement.auth, for: schema.name)
        var result: [Row] = []
        if let scanned = try orderedIndexScan(schema, request, visible: { schema.security.passesUsing(.select, $0, policy) }) {
            return scanned
        }
        let stored = rows[schema.slot]
        let keyed = keyedPositions(schema, request.filters)
        let filters = PreparedFilters(request.filters, schema, candidates: keyed?.count)
        if let positions = keyed {
            for position in positions where try filters.matches(stored[position]) {
                if schema.security.passesUsing(.select, stored[position], policy) { result.append(stored[position]) }
            }
        } else {
            for row in stored where try filters.matches(row) {
                if schema.security.passesUsing(.select, row, policy) { result.append(row) }
            }
        }
        result = sorted(result, schema, request.order)
        let start = min(result.count, max(0, request.offset ?? 0))
        let end = request.limit.map { min(result.count, start + max(0, $0)) } ?? result.count
        return Array(result[start..<end])
    }

    /// Converts every filter literal to its column's type (42703 for an unknown column), in filter
    /// order: PostgreSQL does it while
    /// parsing the statement (an `unknown` constant is coerced at parse time), so a bad literal
    /// fails the request even when no row is there to compare with.
    func checkFilterLiterals(_ schema: TableSchema, _ filters: [RowFilter]) throws(PostgrestError) {
        for filter in filters {
            guard let type = schema.column(filter.column)?.type else {
                throw PostgrestError(code: "42703", message: "column \(schema.name).\(filter.column) does not exist")
            }
            switch filter {
            case .eq(_, let v), .neq(_, let v), .gt(_, let v), .gte(_, let v), .lt(_, let v), .lte(_, let v):
                _ = try RowFilter.convert(v, type)
            case .in(_, let values): for value in values { _ = try RowFilter.convert(value, type) }
            case .isNull, .isNotNull: break
            }
        }
    }

    /// A stable sort by the order terms; ties keep stored order. NULLs sort last ascending.
    private func sorted(_ input: [Row], _ schema: TableSchema, _ order: [OrderTerm]) -> [Row] {
        if order.isEmpty { return input }
        let indexed = Array(input.enumerated())
        return indexed.sorted { a, b in
            for term in order {
                guard let type = schema.column(term.column)?.type else { continue }
                let x = a.element[term.column] ?? .null, y = b.element[term.column] ?? .null
                var c: Int
                if x.isNull || y.isNull {
                    c = x.isNull == y.isNull ? 0 : (x.isNull ? 1 : -1)
                    if !term.ascending { c = -c }
                } else {
                    c = type.compare(x, y)
                    if !term.ascending { c = -c }
                }
                if c != 0 { return c < 0 }
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The context policy expressions run with; sub-queries see what the caller's SELECT policy
    /// allows, in the state the statement started from (PostgreSQL: a command does not see its own
    /// writes). Only the tables `table`'s policies can reach are held: holding the table being
    /// written would make its first write copy the whole table (copy-on-write).
    func policyContext(_ auth: AuthContext, for table: String) -> PolicyContext {
        // A policy reaches one to three tables: a list searched by name beats a dictionary.
        var snapshot: [(table: String, read: PolicySnapshot)] = []
        var complete = false
        if auth.role != .serviceRole {
            if let slot = schemas[table]?.slot, let reachable = policyReachSlots[slot] {
                snapshot.reserveCapacity(reachable.count)
                for slot in reachable { snapshot.append((tables[slot].name, policySnapshot(slot))) }
            } else {
                for slot in tables.indices { snapshot.append((tables[slot].name, policySnapshot(slot))) }
                complete = true
            }
        }
        let known = schemas.keys
        let last = LastPolicyLookup()
        return PolicyContext(auth: auth) { table, column, value, context in
            // Rows that share a parent come one after another (a transaction's splits): the same
            // question as the last one has the same answer, since the snapshot never changes.
            if let answer = last.answer(table, column, value) { return answer }
            guard let read = snapshot.first(where: { $0.table == table })?.read else {
                guard known.contains(table) else { return nil }
                precondition(complete, "a policy read table \(table) without declaring it in `reads`")
                return nil
            }
            let found: Row?
            if !value.isNull, let index = read.indexes.first(where: { $0.columns.count == 1 && $0.columns[0] == column }) {
                // A unique column: at most one row has `value`.
                if let position = index.position(ofValue: value) {
                    let row = read.rows[position]
                    found = read.security.passesUsing(.select, row, context) ? row : nil
                } else {
                    found = nil
                }
            } else {
                found = read.rows.first { row in
                    row[column] == value && read.security.passesUsing(.select, row, context)
                }
            }
            last.remember(table, column, value, found)
            return found
        }
    }

    /// What a policy sub-query may read of the table at `slot`: its rows and indexes as they are now.
    private func policySnapshot(_ slot: Int) -> PolicySnapshot {
        PolicySnapshot(security: tables[slot].security, rows: rows[slot], indexes: indexes[slot])
    }

    /// The tables reachable from `table`'s policies through `visibleRow`, transitively (a lookup
    /// applies the looked-up table's SELECT policy); nil when some policy may read any table.
    func policyReach(from table: String) -> [String]? {
        policyReaches[table] ?? nil
    }

    /// `policyReach` computed from the schemas (once per table, at init).
    private static func policyReach(from table: String, _ schemas: [String: TableSchema]) -> [String]? {
        var reached: [String] = []
        var frontier = [table]
        while let next = frontier.popLast() {
            guard let reads = schemas[next]?.security.readTables else { return nil }
            for name in reads where !reached.contains(name) {
                reached.append(name)
                frontier.append(name)
            }
        }
        return reached
    }

    /// The stored rows of a statement's result as the API sends them (numeric as JSON numbers).
    public func output(_ rows: [Row], table: String) -> [JSONValue] {
        guard let schema = schemas[table] else { return [] }
        return rows.map { row in
            // A stored row has exactly the table's columns (every write builds it from the schema's
            // columns, so its keys are columns and a full count means all of them): start from it
            // and convert what differs.
            if row.count == schema.columns.count {
                var out = row
                for column in schema.layout.convertedOnOutput {
                    if let index = out.index(forKey: column.name) { out.values[index] = column.type.output(out.values[index]) }
                }
                return .object(out)
            }
            var out: [String: JSONValue] = [:]
            for column in schema.columns { out[column.name] = column.type.output(row[column.name] ?? .null) }
            return .object(out)
        }
    }
}
