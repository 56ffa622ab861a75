import SimCore

/// A statement's filters with the literals of `eq` and `in` on exact-lookup columns (uuid, text,
/// int, bigint: see `TableStore.lookupIsExact`) converted once, as PostgreSQL converts a
/// constant once per statement, instead of once per row compared. For those types a stored value
/// compares equal to a literal exactly when it equals the converted literal, so matching against
/// the converted set gives what `RowFilter.matches` gives; every other filter is matched as is.
struct PreparedFilters {
    private struct Entry {
        let filter: RowFilter
        let type: ColumnType?
        /// The converted literals, for `eq` / `in` on an exact-lookup type.
        let values: Set<JSONValue>?
    }

    private let filters: [RowFilter]
    private let schema: TableSchema
    /// Nil: the filters are matched as they are (a few candidate rows do not repay converting).
    private let entries: [Entry]?

    /// Literals must already have been checked (`checkFilterLiterals`): one that does not convert
    /// is left to `RowFilter.matches`, which reports it. `candidates`: how many rows will be
    /// matched (nil: the whole table).
    init(_ filters: [RowFilter], _ schema: TableSchema, candidates: Int?) {
        self.filters = filters
        self.schema = schema
        let worthIt = (candidates ?? Int.max) > 8 && filters.contains {
            switch $0 { case .eq, .in: true; default: false }
        }
        guard worthIt else {
            entries = nil
            return
        }
        entries = filters.map { filter in
            let type = schema.column(filter.column)?.type
            guard let type, TableStore.lookupIsExact(type) else { return Entry(filter: filter, type: type, values: nil) }
            let literals: [JSONValue]
            switch filter {
            case .eq(_, let value): literals = [value]
            case .in(_, let list): literals = list
            default: return Entry(filter: filter, type: type, values: nil)
            }
            var values = Set<JSONValue>()
            for literal in literals where !literal.isNull {
                guard let value = try? RowFilter.convert(literal, type) else { return Entry(filter: filter, type: type, values: nil) }
                values.insert(value)
            }
            return Entry(filter: filter, type: type, values: values)
        }
    }

    /// Whether `row` satisfies every filter (SQL: a comparison with NULL is not true).
    func matches(_ row: Row) throws(PostgrestError) -> Bool {
        guard let entries else {
            for filter in filters {
                guard let column = schema.column(filter.column) else { return false }
                if try !filter.matches(row, type: column.type) { return false }
            }
            return true
        }
        for entry in entries {
            guard let type = entry.type else { return false }
            if let values = entry.values {
                guard let stored = row[entry.filter.column], !stored.isNull, values.contains(stored) else { return false }
            } else if try !entry.filter.matches(row, type: type) {
                return false
            }
        }
        return true
    }
}
