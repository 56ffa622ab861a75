/// The schema step of a migration: Core Data's inferred mapping model applied to every row.
///
/// Rules, from "Migrating your data model automatically" / the Lightweight Migration guide:
/// inferable are the addition and removal of an attribute, "a nonoptional attribute becoming
/// optional", "an optional attribute becoming non-optional, and defining a default value",
/// renaming an entity or property through its renaming identifier (SwiftData's `originalName`),
/// adding, removing and renaming relationships, to-one ↔ to-many, and adding or removing
/// entities. Consequences the fake reproduces:
/// - an added attribute takes its default, or null when optional; a non-optional one with no
///   default fails the migration as soon as a row exists (no value to give it);
/// - an entity renamed without `originalName` is the old entity removed and a new one added:
///   every row of the old entity is gone (bug zoo SW-2), relationships to it are emptied;
/// - a changed attribute type cannot be inferred ("changing property types" needs a custom
///   stage: Swiff plan, Hacking with Swift);
/// - a `.unique` attribute over duplicated values fails: adding uniqueness "can be a lightweight
///   migration only if there are no existing duplicate values" (Hacking with Swift, "How to
///   create a complex migration using VersionedSchema"), the unique index cannot be built.
/// Row numbers are kept (an in-situ SQLite migration keeps primary keys).
enum InferredMapping {
    static func migrate(
        _ store: StoreSnapshot, from source: VersionedSchema, to destination: VersionedSchema, options: StoreFakeOptions
    ) throws -> StoreSnapshot {
        var sources: [String: EntityShape] = [:]
        var renamed: [String: String] = [:]
        for entity in destination.entities {
            guard let match = sourceEntity(for: entity, in: source) else { continue }
            sources[entity.name] = match
            renamed[match.name] = entity.name
        }
        var rows: [PersistentIdentifier: ModelRow] = [:]
        for entity in destination.entities {
            guard let old = sources[entity.name] else { continue }
            for row in store.rows(of: old.name) {
                let mapped = try map(row, from: old, to: entity, renamed: renamed)
                rows[mapped.id] = mapped
            }
            try checkUnique(entity, rows.values.filter { $0.id.entityName == entity.name })
        }
        var migrated = StoreSnapshot(metadata: store.metadata, rows: rows)
        migrated.stamp(destination, options: options)
        return migrated
    }

    /// The source entity a destination entity continues: by renaming identifier, else by name.
    private static func sourceEntity(for entity: EntityShape, in source: VersionedSchema) -> EntityShape? {
        entity.originalName.flatMap(source.entity) ?? source.entity(entity.name)
    }

    private static func map(_ row: ModelRow, from old: EntityShape, to new: EntityShape, renamed: [String: String]) throws -> ModelRow {
        var attributes: [String: StoreValue] = [:]
        for attribute in new.attributes {
            let previous = attribute.originalName.flatMap(old.attribute) ?? old.attribute(attribute.name)
            var value = attribute.initialValue
            if let previous {
                guard previous.type == attribute.type else {
                    throw ModelStoreError.inferredMappingFailed("\(new.name).\(attribute.name) changes type \(previous.type) → \(attribute.type)")
                }
                value = row[previous.name] ?? .null
            }
            if value.isNull && !attribute.isOptional {
                guard let fallback = attribute.defaultValue else {
                    throw ModelStoreError.migrationMissingValue(entity: new.name, attribute: attribute.name)
                }
                value = fallback
            }
            attributes[attribute.name] = value
        }
        var relationships: [String: [PersistentIdentifier]] = [:]
        for relationship in new.relationships {
            let previous = relationship.originalName.flatMap(old.relationship) ?? old.relationship(relationship.name)
            let targets = (previous.map { row.targets($0.name) } ?? []).compactMap { target -> PersistentIdentifier? in
                guard let entity = renamed[target.entityName], entity == relationship.target else { return nil }
                return PersistentIdentifier(entityName: entity, number: target.number)
            }
            if !relationship.isToMany && targets.count > 1 {
                throw ModelStoreError.inferredMappingFailed("\(new.name).\(relationship.name) becomes to-one over \(targets.count) objects")
            }
            if !relationship.isOptional && targets.isEmpty {
                throw ModelStoreError.migrationMissingValue(entity: new.name, attribute: relationship.name)
            }
            relationships[relationship.name] = targets
        }
        return ModelRow(id: PersistentIdentifier(entityName: new.name, number: row.id.number), attributes: attributes, relationships: relationships)
    }

    private static func checkUnique(_ entity: EntityShape, _ rows: [ModelRow]) throws {
        for attribute in entity.attributes where attribute.isUnique {
            let values = rows.compactMap { $0[attribute.name] }.filter { !$0.isNull }
            if Set(values).count != values.count {
                throw ModelStoreError.migrationConstraintViolation(entity: entity.name, attribute: attribute.name)
            }
        }
    }
}
