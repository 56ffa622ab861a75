import SimCore

/// A hash index over one unique constraint of one table (the primary key included): the values of
/// the constraint's columns, in the constraint's column order, to the position of the one stored row
/// that has them. Rows with a NULL in any of those columns are not indexed: NULLs never conflict
/// (PostgreSQL's default NULLS DISTINCT), so such a row cannot be found through its key.
///
/// Lookups only: nothing iterates `positions`, so results keep table insertion order.
struct UniqueIndex {
    /// The constraint's columns, in its declared order.
    let columns: [String]
    private var positions: [[JSONValue]: Int] = [:]

    init(columns: [String]) {
        self.columns = columns
    }

    /// The key of `row` under this index, nil when any of its columns is NULL.
    func key(of row: Row) -> [JSONValue]? {
        var values: [JSONValue] = []
        values.reserveCapacity(columns.count)
        for column in columns {
            let value = row[column] ?? .null
            if value.isNull { return nil }
            values.append(value)
        }
        return values
    }

    /// The position of the stored row with these key values, if any.
    func position(of key: [JSONValue]) -> Int? { positions[key] }

    /// Indexes `row`, stored at `position`.
    mutating func insert(_ row: Row, at position: Int) {
        if let key = key(of: row) { positions[key] = position }
    }

    /// Forgets `row`, stored at `position` (a no-op when another row owns its key).
    mutating func remove(_ row: Row, at position: Int) {
        if let key = key(of: row), positions[key] == position { positions[key] = nil }
    }

    /// Re-indexes a whole table after positions shifted (a delete).
    mutating func rebuild(_ rows: [Row]) {
        positions.removeAll(keepingCapacity: true)
        for (position, row) in rows.enumerated() { insert(row, at: position) }
    }
}
