/// What `ModelContext.save()` enforces on the store it is about to commit, in this order:
/// delete propagation (each deleted row's relationships' delete rules), `.unique` conflicts
/// (upsert or failure, `StoreFakeOptions.UniqueConflict`), then validation of every changed or
/// touched row (non-optional attributes and to-ones must hold a value). Any failure throws and
/// nothing is committed — Core Data validates and propagates deletes before it writes.
///
/// Every rule works on the save's `StoreTransaction` and looks only at the rows the save changed
/// and the rows they point at; uniqueness goes through the container's `UniqueIndex`es, as
/// SQLite checks a unique constraint through its index. An upsert alone walks the whole store.
enum SaveRules {
    /// Removes `seed` and everything it cascades to; returns the surviving rows it touched.
    static func propagateDeletes(
        _ seed: [PersistentIdentifier], in snapshot: inout StoreTransaction, schema: VersionedSchema
    ) throws -> Set<PersistentIdentifier> {
        var order = seed.filter { snapshot[$0] != nil }
        var doomed = Set(order)
        var index = 0
        while index < order.count {
            let id = order[index]
            index += 1
            for relationship in shape(of: id, schema).relationships where relationship.deleteRule == .cascade {
                for target in snapshot[id]!.targets(relationship.name) where snapshot[target] != nil && !doomed.contains(target) {
                    doomed.insert(target)
                    order.append(target)
                }
            }
        }
        // Deny: a doomed row may not point at a row that survives the save.
        for id in order {
            for relationship in shape(of: id, schema).relationships where relationship.deleteRule == .deny {
                let live = snapshot[id]!.targets(relationship.name).filter { snapshot[$0] != nil && !doomed.contains($0) }
                if !live.isEmpty { throw ModelStoreError.deleteDenied(entity: id.entityName, relationship: relationship.name) }
            }
        }
        // Nullify (and cascade, for targets that survive): drop the doomed row from the inverse.
        // `.noAction` leaves the survivors pointing at a row that no longer exists.
        var touched = Set<PersistentIdentifier>()
        for id in order {
            for relationship in shape(of: id, schema).relationships where relationship.deleteRule != .noAction {
                guard let inverse = relationship.inverse else { continue }
                for target in snapshot[id]!.targets(relationship.name) where !doomed.contains(target) && snapshot[target] != nil {
                    snapshot[target]!.relationships[inverse]?.removeAll { $0 == id }
                    touched.insert(target)
                }
            }
        }
        for id in order { snapshot[id] = nil }
        return touched
    }

    /// Resolves inserted rows whose `.unique` value is taken: merges them into the stored row
    /// (upsert) or fails; then fails on any duplicate left (an update that collides, or values a
    /// store held before the constraint existed). `index` gives the committed rows by value.
    static func resolveUniqueConflicts(
        inserted: [PersistentIdentifier], in snapshot: inout StoreTransaction, schema: VersionedSchema, options: StoreFakeOptions,
        index: (UniqueIndex.Key) -> UniqueIndex
    ) throws {
        for id in inserted {
            for attribute in shape(of: id, schema).attributes where attribute.isUnique {
                guard let value = snapshot[id]?[attribute.name], !value.isNull else { continue }
                let key = UniqueIndex.Key(entity: id.entityName, attribute: attribute.name)
                guard let holder = snapshot.rows(holding: value, key, committed: index(key)).first(where: { $0 != id }) else { continue }
                guard options.uniqueConflict == .upsert else {
                    throw ModelStoreError.uniqueConstraintConflict(entity: id.entityName, attribute: attribute.name)
                }
                merge(id, into: holder, in: &snapshot, schema: schema)
                break
            }
        }
        for entity in schema.entities {
            for attribute in entity.attributes where attribute.isUnique {
                let key = UniqueIndex.Key(entity: entity.name, attribute: attribute.name)
                if snapshot.duplicatedValues(key, committed: index(key)) > 0 {
                    throw ModelStoreError.uniqueConstraintConflict(entity: entity.name, attribute: attribute.name)
                }
            }
        }
    }

    /// The upsert: the stored row takes the new row's values and relationships, and every
    /// reference to the new row now points at the stored one.
    private static func merge(_ new: PersistentIdentifier, into old: PersistentIdentifier, in snapshot: inout StoreTransaction, schema: VersionedSchema) {
        let source = snapshot[new]!
        var target = snapshot[old]!
        target.attributes = source.attributes
        for relationship in shape(of: old, schema).relationships {
            let added = source.targets(relationship.name)
            guard !added.isEmpty else { continue }
            let kept = relationship.isToMany ? target.targets(relationship.name) : []
            target.relationships[relationship.name] = kept + added.filter { !kept.contains($0) }
        }
        snapshot[new] = nil
        snapshot[old] = target
        for id in snapshot.allIdentifiers() {
            for (name, targets) in snapshot[id]!.relationships where targets.contains(new) {
                var replaced: [PersistentIdentifier] = []
                for t in targets.map({ $0 == new ? old : $0 }) where !replaced.contains(t) { replaced.append(t) }
                snapshot[id]!.relationships[name] = replaced
            }
        }
    }

    /// Every listed row still in the store must hold its non-optional attributes and to-ones.
    static func validate(_ ids: [PersistentIdentifier], in snapshot: StoreTransaction, schema: VersionedSchema) throws {
        for id in ids {
            guard let row = snapshot[id] else { continue }
            let entity = shape(of: id, schema)
            for attribute in entity.attributes where !attribute.isOptional && (row[attribute.name] ?? .null).isNull {
                throw ModelStoreError.missingMandatoryValue(entity: entity.name, property: attribute.name)
            }
            for relationship in entity.relationships where !relationship.isOptional && row.targets(relationship.name).isEmpty {
                throw ModelStoreError.missingMandatoryValue(entity: entity.name, property: relationship.name)
            }
        }
    }

    static func shape(of id: PersistentIdentifier, _ schema: VersionedSchema) -> EntityShape {
        guard let entity = schema.entity(id.entityName) else { preconditionFailure("\(id) is not in \(schema)") }
        return entity
    }
}
