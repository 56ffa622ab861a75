import SimCore

/// A non-unique index on one column (`CREATE INDEX ON table (column)`): each non-NULL value to
/// the ascending positions of the stored rows holding it. A lookup returns positions in stored
/// order, so a query through the index returns the rows a scan would, in the same order: only
/// speed changes. NULLs are not indexed (`column = NULL` is never true).
struct ColumnIndex {
    /// The indexed column.
    let column: String
    private var positions: [JSONValue: [Int]] = [:]

    init(column: String) { self.column = column }

    /// The ascending positions of the rows whose column equals `value`.
    func positions(ofValue value: JSONValue) -> [Int] { positions[value] ?? [] }

    /// Indexes `row`, stored at `position`.
    mutating func insert(_ row: Row, at position: Int) {
        guard let value = row[column], !value.isNull else { return }
        var list = positions[value] ?? []
        // Appends come last; a replaced row goes back to its place.
        if let last = list.last, last > position {
            list.insert(position, at: Self.firstIndex(in: list, notBelow: position))
        } else {
            list.append(position)
        }
        positions[value] = list
    }

    /// Forgets `row`, stored at `position`.
    mutating func remove(_ row: Row, at position: Int) {
        guard let value = row[column], !value.isNull, var list = positions[value] else { return }
        let index = Self.firstIndex(in: list, notBelow: position)
        guard index < list.count, list[index] == position else { return }
        list.remove(at: index)
        positions[value] = list.isEmpty ? nil : list
    }

    /// Re-indexes a whole table after positions shifted (a delete).
    mutating func rebuild(_ rows: [Row]) {
        positions = [:]
        for (position, row) in rows.enumerated() { insert(row, at: position) }
    }

    /// The first index of `list` (ascending) whose position is at least `position`.
    private static func firstIndex(in list: [Int], notBelow position: Int) -> Int {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
