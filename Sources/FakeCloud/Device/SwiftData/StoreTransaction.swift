/// A save in progress: the container's committed store seen through the rows this save writes or
/// removes (`overlay`), so the save rules (`SaveRules`) touch only what changed and a failed save
/// is dropped without undoing anything. Core Data likewise validates and propagates deletes on
/// the objects a save changes, then writes them in one transaction.
///
/// Holds the committed store without copying it: drop the transaction before the container
/// applies its commit (or the store is copied whole).
struct StoreTransaction {
    private let base: StoreSnapshot
    /// Rows this save writes (a row) or removes (nil), by identifier.
    private(set) var overlay: [PersistentIdentifier: ModelRow?] = [:]
    /// Per unique key, the overlay's rows by value (made when first asked; any write clears it).
    private var overlayValues: [UniqueIndex.Key: [StoreValue: [PersistentIdentifier]]] = [:]

    /// A transaction over `committed`.
    init(_ committed: StoreSnapshot) { base = committed }

    /// The row as the store will hold it if the save commits now (nil: absent or removed).
    subscript(id: PersistentIdentifier) -> ModelRow? {
        get {
            if let written = overlay[id] { return written }
            return base.rows[id]
        }
        set {
            overlay.updateValue(newValue, forKey: id)
            overlayValues = [:]
        }
    }

    /// Every live identifier, in identifier order: O(store) — for the rare whole-store pass (an
    /// upsert repointing references).
    func allIdentifiers() -> [PersistentIdentifier] {
        var ids = Set(base.rows.keys)
        for (id, row) in overlay {
            if row == nil { ids.remove(id) } else { ids.insert(id) }
        }
        return ids.sorted()
    }

    /// The rows that will hold `value` in `key`'s attribute, in identifier order.
    mutating func rows(holding value: StoreValue, _ key: UniqueIndex.Key, committed: UniqueIndex) -> [PersistentIdentifier] {
        let kept = committed.rows(holding: value).filter { overlay[$0] == nil }
        return (kept + valuesInOverlay(key)[value, default: []]).sorted()
    }

    /// Values of `key` held by two rows or more once the save commits: the committed count,
    /// corrected for the values this save's rows leave or take.
    mutating func duplicatedValues(_ key: UniqueIndex.Key, committed: UniqueIndex) -> Int {
        var affected = Set<StoreValue>()
        for (id, row) in overlay where id.entityName == key.entity {
            if let old = base.rows[id]?[key.attribute], !old.isNull { affected.insert(old) }
            if let new = row?[key.attribute], !new.isNull { affected.insert(new) }
        }
        var count = committed.duplicatedValues
        for value in affected {
            if committed.rows(holding: value).count >= 2 { count -= 1 }
            if rows(holding: value, key, committed: committed).count >= 2 { count += 1 }
        }
        return count
    }

    /// The save as a log frame: the rows it writes and the committed rows it removes.
    func commit(metadata: StoreMetadata) -> StoreCommit {
        var written: [ModelRow] = [], removed: [PersistentIdentifier] = []
        for id in overlay.keys.sorted() {
            if let row = overlay[id]! { written.append(row) } else if base.rows[id] != nil { removed.append(id) }
        }
        return StoreCommit(written: written, removed: removed, metadata: metadata)
    }

    private mutating func valuesInOverlay(_ key: UniqueIndex.Key) -> [StoreValue: [PersistentIdentifier]] {
        if let made = overlayValues[key] { return made }
        var made: [StoreValue: [PersistentIdentifier]] = [:]
        for (id, row) in overlay where id.entityName == key.entity {
            if let value = row?[key.attribute], !value.isNull { made[value, default: []].append(id) }
        }
        overlayValues[key] = made
        return made
    }
}
