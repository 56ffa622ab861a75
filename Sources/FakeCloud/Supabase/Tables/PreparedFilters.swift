import SimCore

/// A statement's filters with their literals converted once, as PostgreSQL converts a constant
/// once per statement, instead of once per row compared:
/// - `eq` and `in` on exact-lookup columns (uuid, text, int, bigint: see
///   `TableStore.lookupIsExact`) become a set of converted values: for those types a stored value
///   compares equal to a literal exactly when it equals the converted literal;
/// - the other comparisons (`neq`, `gt`, `gte`, `lt`, `lte`) on a column that is neither numeric
///   nor jsonb keep their literal coerced to the column's type, which is what `RowFilter.compare`
///   coerces it to for every row (numeric and jsonb literals are read differently: left as is).
/// So matching gives what `RowFilter.matches` gives; `is` filters are matched as they are.
struct PreparedFilters {
    private enum Prepared {
        /// Matched by `RowFilter.matches`.
        case asIs
        /// A stored value in this set (NULL never is).
        case oneOf(Set<JSONValue>)
        /// `RowFilter.matches` with the literal already coerced.
        case compare(JSONValue)
    }

    private struct Entry {
        let filter: RowFilter
        let type: ColumnType?
        let prepared: Prepared
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
            switch $0 { case .isNull, .isNotNull: false; default: true }
        }
        entries = worthIt ? filters.map { Self.entry($0, schema) } : nil
    }

    private static func entry(_ filter: RowFilter, _ schema: TableSchema) -> Entry {
        guard let type = schema.column(filter.column)?.type else { return Entry(filter: filter, type: nil, prepared: .asIs) }
        return Entry(filter: filter, type: type, prepared: prepare(filter, type))
    }

    private static func prepare(_ filter: RowFilter, _ type: ColumnType) -> Prepared {
        switch filter {
        case .eq(_, let literal) where TableStore.lookupIsExact(type): return oneOf([literal], type)
        case .in(_, let list) where TableStore.lookupIsExact(type): return oneOf(list, type)
        case .eq(_, let literal), .neq(_, let literal), .gt(_, let literal), .gte(_, let literal), .lt(_, let literal),
             .lte(_, let literal):
            switch type {
            case .numeric, .jsonb: return .asIs
            default: return (try? type.coerce(literal)).map(Prepared.compare) ?? .asIs
            }
        case .in, .isNull, .isNotNull: return .asIs
        }
    }

    private static func oneOf(_ literals: [JSONValue], _ type: ColumnType) -> Prepared {
        var values = Set<JSONValue>()
        for literal in literals where !literal.isNull {
            guard let value = try? RowFilter.convert(literal, type) else { return .asIs }
            values.insert(value)
        }
        return .oneOf(values)
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
            switch entry.prepared {
            case .asIs:
                if try !entry.filter.matches(row, type: type) { return false }
            case .oneOf(let values):
                guard let stored = row[entry.filter.column], !stored.isNull, values.contains(stored) else { return false }
            case .compare(let literal):
                if try !entry.filter.matches(row, type: type, coercedLiteral: literal) { return false }
            }
        }
        return true
    }
}
