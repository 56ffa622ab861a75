import AppPorts

/// Where each entity sits in the store's arrays, by id: built on the first lookup in a table, kept
/// up to date by appends, dropped by removals (which shift positions). Every pulled change looks
/// its entity up here; searching the table from the start made a first pull cost the square of
/// the account's size, and rebuilding the map for every page of 200 changes still did.
///
/// Between pages the map is kept (`settle`) together with the array it describes, and reused only
/// when the next page's array is that very storage: the map holds it, so the storage cannot be
/// freed and reused, nor written in place (a write to an array whose storage is shared copies it
/// first); the same storage therefore means the same elements. Any other change to the store in
/// between (a local edit, a push, another store) gives a new storage, and the map is rebuilt.
///
/// A lookup answers what `firstIndex(where: { $0.id == id })` answers: the first position.
struct EntityPositions {
    private var maps: [String: [String: Int]] = [:]
    /// Per table, the array its map described when the last page was saved.
    private var settled: [String: Any] = [:]

    /// The first position of `id` in `array` (the store's array for `table`).
    mutating func index<T>(_ table: String, _ id: String, in array: [T], _ idOf: KeyPath<T, String?>) -> Int? {
        if let basis = settled.removeValue(forKey: table), !Self.sameStorage(basis as? [T], array) {
            maps[table] = nil
        }
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
        settled[table] = nil
    }

    /// The page is saved: each map used in it describes `array(table)` now (nil: forget the map).
    /// A map this page did not use still describes the array it was settled with, which the
    /// store may have replaced since: it keeps that one, to be checked when next used.
    mutating func settle(_ array: (String) -> Any?) {
        for table in maps.keys where settled[table] == nil {  // order does not matter: each table alone
            if let current = array(table) { settled[table] = current } else { maps[table] = nil }
        }
    }

    /// Whether two arrays share one storage (and so, see above, hold the same elements).
    static func sameStorage<T>(_ old: [T]?, _ new: [T]) -> Bool {
        guard let old, old.count == new.count else { return false }
        return old.withUnsafeBufferPointer { $0.baseAddress } == new.withUnsafeBufferPointer { $0.baseAddress }
    }
}
