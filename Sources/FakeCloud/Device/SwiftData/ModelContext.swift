/// `ModelContext`: inserts, changes and deletes held in memory until `save()`, which commits them
/// to the container's store file in one atomic write. "Any changes made to those models exist
/// only in memory until the context implicitly writes them to the persistent storage, or you
/// manually invoke save()" (ModelContext documentation); this fake never autosaves, so a kill
/// (the process, and the context with it, is gone) loses whatever was not saved.
///
/// Reads (`row`, `fetch`) see the container's committed store overlaid with this context's
/// pending changes, as a fetch "includes pending changes" in Core Data. Two contexts of one
/// container merge per row: the later save's copy of a row wins.
public final class ModelContext {
    /// The container whose store this context saves to.
    public let container: ModelContainer
    private var changed: [PersistentIdentifier: ModelRow] = [:]
    /// The keys of `changed` by entity (a fetch reads one entity's pending rows).
    private var changedByEntity: [String: Set<PersistentIdentifier>] = [:]
    /// `changedByEntity` sorted, per entity, made when a fetch needs it (dropped when the set changes).
    private var changedSorted: [String: [PersistentIdentifier]] = [:]
    private var inserted: Set<PersistentIdentifier> = []
    private var deleted: Set<PersistentIdentifier> = []

    /// A context with no pending changes.
    public init(_ container: ModelContainer) { self.container = container }

    /// The schema this context's models belong to (in a migration: the stage's old or new one).
    public var schema: VersionedSchema { container.schema }

    /// True when something is unsaved.
    public var hasChanges: Bool { !changed.isEmpty || !deleted.isEmpty }

    /// Inserts a new object: given values, else each attribute's default, else null. Returns its id.
    @discardableResult
    public func insert(_ entityName: String, _ values: [String: StoreValue] = [:]) -> PersistentIdentifier {
        let entity = shape(entityName)
        for (name, value) in values { check(entity, name, value) }
        let id = container.allocateIdentifier(entityName)
        var attributes: [String: StoreValue] = [:]
        for attribute in entity.attributes { attributes[attribute.name] = values[attribute.name] ?? attribute.initialValue }
        var relationships: [String: [PersistentIdentifier]] = [:]
        for relationship in entity.relationships { relationships[relationship.name] = [] }
        setChanged(ModelRow(id: id, attributes: attributes, relationships: relationships))
        inserted.insert(id)
        return id
    }

    /// Sets one attribute of a live object.
    public func set(_ id: PersistentIdentifier, _ attribute: String, _ value: StoreValue) {
        check(shape(id.entityName), attribute, value)
        modify(id) { $0.attributes[attribute] = value }
    }

    /// Points a relationship at `targets` (at most one for a to-one) and keeps the inverse in
    /// step, as SwiftData does for `@Relationship(inverse:)`: removed targets lose this object
    /// from their inverse; added ones gain it (a to-one inverse is moved off its previous owner).
    public func relate(_ id: PersistentIdentifier, _ relationshipName: String, to targets: [PersistentIdentifier]) {
        guard let relationship = shape(id.entityName).relationship(relationshipName) else {
            preconditionFailure("\(id.entityName) has no relationship \(relationshipName)")
        }
        precondition(relationship.isToMany || targets.count <= 1, "\(relationshipName) is to-one")
        precondition(targets.allSatisfy { $0.entityName == relationship.target && row($0) != nil }, "targets must be live \(relationship.target)s")
        let old = row(id)?.targets(relationshipName) ?? []
        modify(id) { $0.relationships[relationshipName] = targets }
        guard let inverseName = relationship.inverse, let inverse = shape(relationship.target).relationship(inverseName) else { return }
        for target in old where !targets.contains(target) && row(target) != nil {
            modify(target) { $0.relationships[inverseName]?.removeAll { $0 == id } }
        }
        for target in targets where !old.contains(target) {
            if inverse.isToMany {
                modify(target) { if !$0.targets(inverseName).contains(id) { $0.relationships[inverseName, default: []].append(id) } }
                continue
            }
            for previous in row(target)!.targets(inverseName) where previous != id && row(previous) != nil {
                modify(previous) { $0.relationships[relationshipName]?.removeAll { $0 == target } }
            }
            modify(target) { $0.relationships[inverseName] = [id] }
        }
    }

    /// Marks an object deleted; its relationships' delete rules run at `save()`.
    public func delete(_ id: PersistentIdentifier) {
        if inserted.remove(id) != nil {
            changed[id] = nil
            changedByEntity[id.entityName]?.remove(id)
            changedSorted[id.entityName] = nil
        } else if container.committed.rows[id] != nil {
            // Its pending changes stay: the delete rules at save see its latest relationships.
            deleted.insert(id)
        }
    }

    /// The object as this context sees it (nil when absent or deleted).
    public func row(_ id: PersistentIdentifier) -> ModelRow? {
        if deleted.contains(id) { return nil }
        return changed[id] ?? container.committed.rows[id]
    }

    /// The entity's objects that satisfy `predicate`, ordered by `sortBy`; ties, and everything
    /// without sort keys, in the order `StoreFakeOptions.fetchOrder` names (the real platform
    /// promises no order without sort descriptors).
    public func fetch(
        _ entityName: String, where predicate: ((ModelRow) throws -> Bool)? = nil, sortBy: [FetchSort] = []
    ) throws -> [ModelRow] {
        guard schema.entity(entityName) != nil else { throw ModelStoreError.entityNotInSchema(entityName) }
        var rows = mergedRows(container.identifiers(of: entityName), pendingIdentifiers(of: entityName))
        if container.options.fetchOrder == .reverseInsertion { rows.reverse() }
        if let predicate { rows = try rows.filter(predicate) }
        guard !sortBy.isEmpty else { return rows }
        let position = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.id, $0) })
        return rows.sorted { a, b in
            for key in sortBy {
                let x = a[key.attribute] ?? .null, y = b[key.attribute] ?? .null
                if x == y { continue }
                return key.ascending ? StoreValue.precedes(x, y) : StoreValue.precedes(y, x)
            }
            return position[a.id]! < position[b.id]!
        }
    }

    /// The live rows of two sorted identifier lists (committed, pending), in identifier order.
    private func mergedRows(_ committed: [PersistentIdentifier], _ pending: [PersistentIdentifier]) -> [ModelRow] {
        var rows: [ModelRow] = []
        rows.reserveCapacity(committed.count + pending.count)
        var i = 0, j = 0
        while i < committed.count || j < pending.count {
            let id: PersistentIdentifier
            if j == pending.count || (i < committed.count && committed[i] < pending[j]) {
                id = committed[i]
                i += 1
            } else {
                id = pending[j]
                if i < committed.count && committed[i] == id { i += 1 }
                j += 1
            }
            if let row = row(id) { rows.append(row) }
        }
        return rows
    }

    private func pendingIdentifiers(of entityName: String) -> [PersistentIdentifier] {
        if let sorted = changedSorted[entityName] { return sorted }
        let sorted = (changedByEntity[entityName] ?? []).sorted()
        changedSorted[entityName] = sorted
        return sorted
    }

    /// How many objects `fetch` would return.
    public func fetchCount(_ entityName: String, where predicate: ((ModelRow) throws -> Bool)? = nil) throws -> Int {
        try fetch(entityName, where: predicate).count
    }

    /// Commits every pending change in one atomic write of the store file, after applying delete
    /// rules, unique constraints and validation (`SaveRules`). On any error nothing is written and
    /// the changes stay pending. Costs what the save changed (the rows, the rows they point at,
    /// their unique values), not the size of the store; an upsert walks the store.
    public func save() throws {
        guard hasChanges else { return }
        let commit = try prepareCommit()
        try container.commit(commit)
        rollback()
    }

    /// The pending changes with the save rules applied, as one log frame. The transaction that
    /// reads the committed store ends here, before the container changes it in place.
    private func prepareCommit() throws -> StoreCommit {
        var transaction = StoreTransaction(container.committed)
        for id in changed.keys.sorted() where inserted.contains(id) || transaction[id] != nil {
            transaction[id] = changed[id]
        }
        let touched = try SaveRules.propagateDeletes(deleted.sorted(), in: &transaction, schema: schema)
        try SaveRules.resolveUniqueConflicts(inserted: inserted.sorted(), in: &transaction, schema: schema, options: container.options,
                                             index: container.uniqueIndex)
        try SaveRules.validate(Set(changed.keys).union(touched).sorted(), in: transaction, schema: schema)
        return transaction.commit(metadata: container.committed.metadata)
    }

    /// Discards every pending change.
    public func rollback() {
        changed = [:]
        changedByEntity = [:]
        changedSorted = [:]
        inserted = []
        deleted = []
    }

    private func modify(_ id: PersistentIdentifier, _ change: (inout ModelRow) -> Void) {
        guard var current = row(id) else { preconditionFailure("\(id) is not a live object") }
        change(&current)
        setChanged(current)
    }

    private func setChanged(_ row: ModelRow) {
        changed[row.id] = row
        if changedByEntity[row.id.entityName, default: []].insert(row.id).inserted { changedSorted[row.id.entityName] = nil }
    }

    private func shape(_ entityName: String) -> EntityShape {
        guard let entity = schema.entity(entityName) else { preconditionFailure("\(entityName) is not in \(schema)") }
        return entity
    }

    private func check(_ entity: EntityShape, _ name: String, _ value: StoreValue) {
        guard let attribute = entity.attribute(name) else { preconditionFailure("\(entity.name) has no attribute \(name)") }
        precondition(attribute.type.accepts(value), "\(entity.name).\(name) is a \(attribute.type), not \(value)")
    }
}
