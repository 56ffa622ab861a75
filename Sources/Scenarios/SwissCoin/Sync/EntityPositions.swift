import AppPorts

/// Where each entity sits in the store's arrays, by id, for one page of pulled changes: built on
/// the first lookup in a table, kept up to date by appends, dropped by removals (which shift
/// positions). Before, every pulled change searched its table from the start, so a first pull
/// cost the square of the account's size (issue 19).
///
/// A lookup answers what `firstIndex(where: { $0.id == id })` answers: the first position.
struct EntityPositions {
    private var maps: [String: [String: Int]] = [:]

    /// The first position of `id` in `array` (the store's array for `table`).
    mutating func index<T>(_ table: String, _ id: String, in array: [T], _ idOf: KeyPath<T, String?>) -> Int? {
        if let map = maps[table] {
            precondition(map.count <= array.count, "positions of \(table) outlived a removal")
            return map[id]
        }
        var map: [String: Int] = [:]
        map.reserveCapacity(array.count)
        for (position, element) in array.enumerated() {
            if let key = element[keyPath: idOf], map[key] == nil { map[key] = position }
        }
        maps[table] = map
        return map[id]
    }

    /// `id` was appended to `table`'s array at `position`.
    mutating func appended(_ table: String, _ id: String, at position: Int) {
        if maps[table] != nil && maps[table]![id] == nil { maps[table]![id] = position }
    }

    /// Elements of `table` were removed: positions after them moved.
    mutating func removed(from table: String) {
        maps[table] = nil
    }
}
