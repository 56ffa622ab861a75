import SimCore

/// A non-unique index on one column (`CREATE INDEX ON table (column)`): each non-NULL value to
/// the ascending positions of the stored rows holding it. A lookup returns positions in stored
/// order, so a query through the index returns the rows a scan would, in the same order: only
/// speed changes. NULLs are not indexed (`column = NULL` is never true).
///
/// The fake builds an index when a query first uses it (`build`) and keeps it up to date from
/// then on: a bulk upload before any lookup pays nothing for it. A real index is kept from its
/// creation; the answers are the same either way.
struct ColumnIndex {
    /// The indexed column.
    let column: String
    private var positions: [JSONValue: [Int]] = [:]
    /// Whether `positions` holds the table (until a query first needs it, writes skip it).
    private(set) var isBuilt = false

    init(column: String) { self.column = column }

    /// The ascending positions of the rows whose column equals `value` (the index must be built).
    func positions(ofValue value: JSONValue) -> [Int] {
        precondition(isBuilt, "a lookup through an index not built yet")
        return positions[value] ?? []
    }

    /// Indexes every row of the table (its first use).
    mutating func build(_ rows: [Row]) {
        isBuilt = true
        rebuild(rows)
    }

    /// Indexes `row`, stored at `position`.
    mutating func insert(_ row: Row, at position: Int) {
        guard isBuilt, let value = row[column], !value.isNull else { return }
        // In place (no copy of the list): appends come last; a replaced row goes back to its place.
        positions[value, default: []].insertAscending(position)
    }

    /// Forgets `row`, stored at `position`.
    mutating func remove(_ row: Row, at position: Int) {
        guard isBuilt, let value = row[column], !value.isNull, positions[value] != nil else { return }
        positions[value]!.removeAscending(position)
        if positions[value]!.isEmpty { positions[value] = nil }
    }

    /// Re-indexes a whole table after positions shifted (a delete).
    mutating func rebuild(_ rows: [Row]) {
        guard isBuilt else { return }
        positions = [:]
        for (position, row) in rows.enumerated() { insert(row, at: position) }
    }

}

extension Array where Element == Int {
    /// Inserts `position` into this ascending list, keeping it ascending.
    fileprivate mutating func insertAscending(_ position: Int) {
        if let last, last > position { insert(position, at: firstIndex(notBelow: position)) } else { append(position) }
    }

    /// Removes `position` from this ascending list, if there.
    fileprivate mutating func removeAscending(_ position: Int) {
        let index = firstIndex(notBelow: position)
        if index < count, self[index] == position { remove(at: index) }
    }

    /// The first index whose element is at least `position` (binary search).
    private func firstIndex(notBelow position: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
