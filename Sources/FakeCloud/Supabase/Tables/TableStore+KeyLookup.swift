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
    private static func lookupIsExact(_ type: ColumnType) -> Bool {
        switch type {
        case .uuid, .text, .int, .bigint: return true
        default: return false
        }
    }

    /// The positions (ascending) of the only rows of `schema` that can match `filters`, when one
    /// filter is an equality on a single-column unique key; nil when the statement must scan.
    /// Filter literals must already have been checked (`checkFilterLiterals`).
    func keyedPositions(_ schema: TableSchema, _ filters: [RowFilter]) -> [Int]? {
        guard let tableIndexes = indexes[schema.name] else { return nil }
        for filter in filters {
            guard case .eq(let column, let literal) = filter, let type = schema.column(column)?.type,
                  Self.lookupIsExact(type),
                  let index = tableIndexes.first(where: { $0.columns.count == 1 && $0.columns[0] == column })
            else { continue }
            if literal.isNull { return [] }  // `= NULL` is never true
            guard let value = try? RowFilter.convert(literal, type) else { return nil }
            return index.position(ofValue: value).map { [$0] } ?? []
        }
        return nil
    }
}
