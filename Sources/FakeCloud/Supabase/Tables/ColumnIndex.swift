import SimCore

/// A non-unique index on one column (`CREATE INDEX ON table (column)`): each non-NULL value to
/// the ascending positions of the stored rows holding it. A lookup returns positions in stored
/// order, so a query through the index returns the rows a scan would, in the same order: only
/// speed changes. NULLs are not indexed (`column = NULL` is never true).
///
/// The fake builds an index when a query first uses it (`build`) and keeps it up to date from
/// then on: a bulk upload before any lookup pays nothing for it. A real index is kept from its
/// creation; the answers are the same either way.
///
/// On an integer column the index is also ordered (a B-tree's range scans: `gt`, `gte`, `lt`,
/// `lte`), kept as the (value, position) pairs in ascending order.
struct ColumnIndex {
    /// The indexed column.
    let column: String
    /// Positions by value (an unordered index only).
    private var positions: [JSONValue: [Int]] = [:]
    /// (value, position) ascending, for an integer column, which is indexed by these alone (nil:
    /// an unordered index, no range lookups).
    private var ordered: [OrderedEntry]?
    /// Whether `positions` holds the table (until a query first needs it, writes skip it).
    private(set) var isBuilt = false

    /// One row in the ordered part.
    private struct OrderedEntry: Comparable {
        var value: Int64
        var position: Int
        static func < (a: Self, b: Self) -> Bool { (a.value, a.position) < (b.value, b.position) }
    }

    /// `ordered`: the column holds integers (`int`, `bigint`), so ranges can be looked up.
    init(column: String, ordered: Bool = false) {
        self.column = column
        self.ordered = ordered ? [] : nil
    }

    /// Whether range lookups are possible.
    var isOrdered: Bool { ordered != nil }

    /// The ascending positions of the rows whose value lies in `range` (the index must be built
    /// and ordered).
    func positions(in range: ClosedRange<Int64>) -> [Int] {
        precondition(isBuilt, "a lookup through an index not built yet")
        guard let ordered else { preconditionFailure("a range lookup through an unordered index") }
        var low = 0, high = ordered.count
        while low < high {
            let middle = (low + high) / 2
            if ordered[middle].value < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var found: [Int] = []
        var index = low
        while index < ordered.count, ordered[index].value <= range.upperBound {
            found.append(ordered[index].position)
            index += 1
        }
        return found.sorted()
    }

    /// Calls `visit` with the position of each row whose value lies in `range`, in ascending
    /// value order (equal values in stored order), until it returns false: the index scan an
    /// `ORDER BY column LIMIT n` stops early (the index must be built and ordered).
    func forEachPosition(inValueOrder range: ClosedRange<Int64>, _ visit: (Int) throws(PostgrestError) -> Bool) throws(PostgrestError) {
        precondition(isBuilt, "a lookup through an index not built yet")
        guard let ordered else { preconditionFailure("a range lookup through an unordered index") }
        var index = Self.firstIndex(in: ordered, notBelow: OrderedEntry(value: range.lowerBound, position: Int.min))
        while index < ordered.count, ordered[index].value <= range.upperBound {
            guard try visit(ordered[index].position) else { return }
            index += 1
        }
    }

    /// The ascending positions of the rows whose column equals `value` (the index must be built).
    func positions(ofValue value: JSONValue) -> [Int] {
        precondition(isBuilt, "a lookup through an index not built yet")
        if ordered != nil {
            guard let number = value.intValue else { return [] }
            return positions(in: number...number)
        }
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
        guard ordered != nil else {
            // In place (no copy of the list): appends come last; a replaced row goes back to its place.
            positions[value, default: []].insertAscending(position)
            return
        }
        if let number = value.intValue {
            let entry = OrderedEntry(value: number, position: position)
            if let last = ordered!.last, entry < last {
                ordered!.insert(entry, at: Self.firstIndex(in: ordered!, notBelow: entry))
            } else {
                ordered!.append(entry)
            }
        }
    }

    /// Forgets `row`, stored at `position`.
    mutating func remove(_ row: Row, at position: Int) {
        guard isBuilt, let value = row[column], !value.isNull else { return }
        guard ordered != nil else {
            guard positions[value] != nil else { return }
            positions[value]!.removeAscending(position)
            if positions[value]!.isEmpty { positions[value] = nil }
            return
        }
        if let number = value.intValue {
            let entry = OrderedEntry(value: number, position: position)
            let index = Self.firstIndex(in: ordered!, notBelow: entry)
            if index < ordered!.count, ordered![index] == entry { ordered!.remove(at: index) }
        }
    }

    /// Re-indexes a whole table after positions shifted (a delete).
    mutating func rebuild(_ rows: [Row]) {
        guard isBuilt else { return }
        positions = [:]
        guard ordered != nil else {
            for (position, row) in rows.enumerated() { insert(row, at: position) }
            return
        }
        var entries: [OrderedEntry] = []
        entries.reserveCapacity(rows.count)
        for (position, row) in rows.enumerated() {
            if let number = row[column]?.intValue { entries.append(OrderedEntry(value: number, position: position)) }
        }
        ordered = entries.sorted()  // one sort, not an insertion per row
    }

    /// The first index of `list` (ascending) whose entry is not below `entry`.
    private static func firstIndex(in list: [OrderedEntry], notBelow entry: OrderedEntry) -> Int {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < entry { low = middle + 1 } else { high = middle }
        }
        return low
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
