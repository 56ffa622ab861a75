/// The committed rows of one entity by the value of one `.unique` attribute: the index SQLite
/// builds for a unique constraint, so a save checks the values it changed instead of scanning
/// the table. It also counts the values held by more than one row (a store written before the
/// constraint existed may have them), so "is any value duplicated" stays one lookup.
struct UniqueIndex {
    /// The entity and attribute indexed.
    struct Key: Hashable {
        var entity: String
        var attribute: String
    }

    /// Value → the rows holding it (null values are not indexed: they never conflict).
    private var holders: [StoreValue: [PersistentIdentifier]] = [:]
    /// Values held by two rows or more.
    private(set) var duplicatedValues = 0

    /// The index of `key` over `rows` (every row of the store; other entities are skipped).
    init(_ key: Key, rows: some Sequence<ModelRow>) {
        for row in rows where row.id.entityName == key.entity { add(row[key.attribute], row.id) }
    }

    /// The committed rows holding `value`.
    func rows(holding value: StoreValue) -> [PersistentIdentifier] { holders[value] ?? [] }

    /// Notes that `id` no longer holds `value`.
    mutating func remove(_ value: StoreValue?, _ id: PersistentIdentifier) {
        guard let value, !value.isNull, var ids = holders[value], let position = ids.firstIndex(of: id) else { return }
        if ids.count == 2 { duplicatedValues -= 1 }
        ids.remove(at: position)
        holders[value] = ids.isEmpty ? nil : ids
        precondition(duplicatedValues >= 0, "the duplicate count never goes below zero")
    }

    /// Notes that `id` holds `value`.
    mutating func add(_ value: StoreValue?, _ id: PersistentIdentifier) {
        guard let value, !value.isNull else { return }
        holders[value, default: []].append(id)
        if holders[value]!.count == 2 { duplicatedValues += 1 }
    }
}
