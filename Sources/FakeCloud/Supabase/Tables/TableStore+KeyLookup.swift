import SimCore

/// Filtered statements that name a unique key: `?id=eq.X` finds its row through the key's index
/// instead of reading the whole table, as PostgreSQL's planner uses the primary key or unique index
/// for an equality on its only column (an index scan; see "Index Types", B-tree, in
/// https://www.postgresql.org/docs/15/indexes-types.html). Only speed changes: the candidate row
/// still goes through every filter and policy the scan would apply, in the same stored order.
extension TableStore {
    /// Column types whose filter comparison (`RowFilter.compare`) is 0 exactly when the stored
    /// value equals the converted literal, so a hash lookup finds the same rows. Numeric (`1.0` =
    /// `1.00`), dates, timestamps and jsonb compare by value, not by stored form: they scan.
    static func lookupIsExact(_ type: ColumnType) -> Bool {
        switch type {
        case .uuid, .text, .int, .bigint: return true
        default: return false
        }
    }

    /// The positions (ascending) of the only rows of `schema` that can match `filters`, when one
    /// filter is an equality on a single-column unique key, or on an indexed column
    /// (`TableSchema.indexedColumns`); nil when the statement must scan.
    /// Filter literals must already have been checked (`checkFilterLiterals`).
    mutating func keyedPositions(_ schema: TableSchema, _ filters: [RowFilter]) -> [Int]? {
        let tableIndexes = indexes[schema.slot]
        if let unique = uniqueKeyPositions(schema, filters, tableIndexes) { return unique }
        return indexedColumnPositions(schema, filters) ?? rangePositions(schema, filters)
    }

    /// Through an ordered column index (an integer column): the rows in the range of the first
    /// `gt`, `gte`, `lt` or `lte` on such a column, in stored order.
    private mutating func rangePositions(_ schema: TableSchema, _ filters: [RowFilter]) -> [Int]? {
        guard let (slot, values) = rangeLookup(schema, filters) else { return nil }
        guard let values else { return [] }
        return builtColumnIndex(schema.slot, slot).positions(in: values)
    }

    /// An index scan that stops early, `WHERE column > x … ORDER BY column LIMIT n` (PostgreSQL
    /// reads such a query through a B-tree index in order and stops after n rows): when the
    /// request orders by one integer column ascending, has a limit and a range filter on that
    /// column with an ordered index, the rows it returns, visited in index order; else nil. The
    /// rows equal a scan's filtered, stably sorted and cut rows (the index keeps equal values in
    /// stored order, and a range filter never passes a NULL, which the index leaves out).
    mutating func orderedIndexScan(_ schema: TableSchema, _ request: TableRequest,
                                   visible: (Row) -> Bool) throws(PostgrestError) -> [Row]? {
        guard let limit = request.limit, request.order.count == 1, request.order[0].ascending,
              let (slot, values) = rangeLookup(schema, request.filters, column: request.order[0].column) else { return nil }
        let wanted = max(0, request.offset ?? 0) + max(0, limit)
        guard let values, wanted > 0 else { return [] }
        let stored = rows[schema.slot]
        let filters = PreparedFilters(request.filters, schema, candidates: wanted)
        var found: [Row] = []
        try builtColumnIndex(schema.slot, slot).forEachPosition(inValueOrder: values) { (position) throws(PostgrestError) -> Bool in
            if try filters.matches(stored[position]), visible(stored[position]) { found.append(stored[position]) }
            return found.count < wanted
        }
        return Array(found.dropFirst(max(0, request.offset ?? 0)))
    }

    /// The ordered index slot and value range of the first `gt`, `gte`, `lt` or `lte` on an
    /// ordered-indexed column (on `column` only, when given); values nil when the range is empty
    /// or the literal is NULL. Nil when no filter qualifies or a literal does not convert.
    private func rangeLookup(_ schema: TableSchema, _ filters: [RowFilter], column only: String? = nil)
        -> (slot: Int, values: ClosedRange<Int64>?)? {
        let columnIndexes = columnIndexes[schema.slot]
        guard columnIndexes.contains(where: \.isOrdered) else { return nil }
        for filter in filters where only == nil || filter.column == only {
            let literal: JSONValue, range: (Int64) -> ClosedRange<Int64>?
            switch filter {
            case .gt(_, let v): (literal, range) = (v, { $0 == .max ? nil : ($0 + 1)...Int64.max })
            case .gte(_, let v): (literal, range) = (v, { $0...Int64.max })
            case .lt(_, let v): (literal, range) = (v, { $0 == .min ? nil : Int64.min...($0 - 1) })
            case .lte(_, let v): (literal, range) = (v, { Int64.min...$0 })
            default: continue
            }
            guard let slot = columnIndexes.firstIndex(where: { $0.column == filter.column && $0.isOrdered }),
                  let type = schema.column(filter.column)?.type else { continue }
            if literal.isNull { return (slot, nil) }
            guard let bound = (try? RowFilter.convert(literal, type))?.intValue else { return nil }
            return (slot, range(bound))
        }
        return nil
    }

    private func uniqueKeyPositions(_ schema: TableSchema, _ filters: [RowFilter], _ tableIndexes: [UniqueIndex]) -> [Int]? {
        for filter in filters {
            guard let (column, values) = Self.lookup(filter, schema),
                  let index = tableIndexes.first(where: { $0.columns.count == 1 && $0.columns[0] == column })
            else { continue }
            guard let values else { return nil }
            return Self.ascending(values.compactMap { index.position(ofValue: $0) }, rowCount: rows[schema.slot].count)
        }
        return nil
    }

    /// Through a column index: the rows holding the value(s) of the first equality (or `in`) on
    /// an indexed column, in stored order (the other filters are still applied to each).
    private mutating func indexedColumnPositions(_ schema: TableSchema, _ filters: [RowFilter]) -> [Int]? {
        let columnIndexes = columnIndexes[schema.slot]
        guard !columnIndexes.isEmpty else { return nil }
        for filter in filters {
            guard let (column, values) = Self.lookup(filter, schema),
                  let slot = columnIndexes.firstIndex(where: { $0.column == column })
            else { continue }
            guard let values else { return nil }
            let index = builtColumnIndex(schema.slot, slot)
            if values.count == 1 { return index.positions(ofValue: values[0]) }
            return Self.ascending(values.flatMap { index.positions(ofValue: $0) }, rowCount: rows[schema.slot].count)
        }
        return nil
    }

    /// A table's column index at `slot`, built now if no statement has used it yet.
    private mutating func builtColumnIndex(_ table: Int, _ slot: Int) -> ColumnIndex {
        if !columnIndexes[table][slot].isBuilt { columnIndexes[table][slot].build(rows[table]) }
        return columnIndexes[table][slot]
    }

    /// The column and the stored values an `eq` or `in` filter looks up, when the column's type
    /// allows a hash lookup (`lookupIsExact`); NULL literals dropped (`= NULL` is never true).
    /// Values nil: a literal did not convert (the statement scans and reports it).
    private static func lookup(_ filter: RowFilter, _ schema: TableSchema) -> (column: String, values: [JSONValue]?)? {
        let column: String, literals: [JSONValue]
        switch filter {
        case .eq(let name, let literal): (column, literals) = (name, [literal])
        case .in(let name, let list): (column, literals) = (name, list)
        default: return nil
        }
        guard let type = schema.column(column)?.type, lookupIsExact(type) else { return nil }
        var values: [JSONValue] = []
        for literal in literals where !literal.isNull {
            guard let value = try? RowFilter.convert(literal, type) else { return (column, nil) }
            values.append(value)
        }
        return (column, values)
    }

    /// `positions` (row positions of a table of `rowCount` rows) ascending, each once. Many
    /// positions (an `in` list whose values each match many rows) are marked in a bitmap of the
    /// table and read back in order, which costs the table's size instead of a sort.
    static func ascending(_ positions: [Int], rowCount: Int) -> [Int] {
        if positions.count < 2 { return positions }
        if positions.count >= 64 && positions.count * 8 >= rowCount {
            var marked = [Bool](repeating: false, count: rowCount)
            for position in positions { marked[position] = true }
            var result: [Int] = []
            result.reserveCapacity(positions.count)
            for position in marked.indices where marked[position] { result.append(position) }
            return result
        }
        var sorted = positions.sorted()
        var kept = 1
        for index in 1..<sorted.count where sorted[index] != sorted[kept - 1] {
            sorted[kept] = sorted[index]
            kept += 1
        }
        return Array(sorted[..<kept])
    }
}
