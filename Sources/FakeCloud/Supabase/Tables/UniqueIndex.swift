import SimCore

/// A hash index over one unique constraint of one table (the primary key included): the values of
/// the constraint's columns, in the constraint's column order, to the position of the one stored row
/// that has them. Rows with a NULL in any of those columns are not indexed: NULLs never conflict
/// (PostgreSQL's default NULLS DISTINCT), so such a row cannot be found through its key.
///
/// A one-column constraint (most keys: `id`) is keyed by the value itself, so a lookup or an
/// update of the index allocates no key array.
///
/// Lookups only: nothing iterates the positions, so results keep table insertion order.
struct UniqueIndex {
    /// The constraint's columns, in its declared order.
    let columns: [String]
    /// Positions by value, for a one-column constraint.
    private var single: [JSONValue: Int] = [:]
    /// Positions by values, for a constraint of several columns.
    private var positions: [[JSONValue]: Int] = [:]

    init(columns: [String]) {
        precondition(!columns.isEmpty, "a unique constraint has columns")
        self.columns = columns
    }

    /// Whether the constraint has exactly one column (`single` holds its positions).
    private var isSingle: Bool { columns.count == 1 }

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
    func position(of key: [JSONValue]) -> Int? {
        precondition(key.count == columns.count, "a key has one value per column")
        return isSingle ? single[key[0]] : positions[key]
    }

    /// The position of the stored row with this value of a one-column key, if any.
    func position(ofValue value: JSONValue) -> Int? {
        precondition(isSingle, "a one-value lookup needs a one-column index")
        return single[value]
    }

    /// The position of the stored row whose key equals `row`'s, if any (nil when `row`'s key has a NULL).
    func position(matching row: Row) -> Int? {
        if isSingle {
            guard let value = row[columns[0]], !value.isNull else { return nil }
            return single[value]
        }
        return key(of: row).flatMap { positions[$0] }
    }

    /// Indexes `row`, stored at `position`.
    mutating func insert(_ row: Row, at position: Int) {
        if isSingle {
            if let value = row[columns[0]], !value.isNull { single[value] = position }
        } else if let key = key(of: row) {
            positions[key] = position
        }
    }

    /// Forgets `row`, stored at `position` (a no-op when another row owns its key).
    mutating func remove(_ row: Row, at position: Int) {
        if isSingle {
            if let value = row[columns[0]], !value.isNull, single[value] == position { single[value] = nil }
        } else if let key = key(of: row), positions[key] == position {
            positions[key] = nil
        }
    }

    /// Re-indexes a whole table after positions shifted (a delete).
    mutating func rebuild(_ rows: [Row]) {
        single.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        for (position, row) in rows.enumerated() { insert(row, at: position) }
    }
}
