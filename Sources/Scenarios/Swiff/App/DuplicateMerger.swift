import AppleStandIns

/// Removes rows that share an `id` before a unique constraint is added (what a sync bug left):
/// per entity, the first row (lowest row number: a total order, the same on every device) is kept,
/// every reference to a later copy is pointed at it, the copies' to-many targets are merged into
/// it, then the copies are deleted. Changes stay unsaved; the caller saves. Adding a unique
/// constraint needs this first: "Deduplication when adding unique constraints" is a custom
/// migration (Axiom's SwiftData migration guide), a lightweight one holds "only if there are no
/// existing duplicate values" (Hacking with Swift, "How to create a complex migration").
enum DuplicateMerger {
    /// Merges every entity's duplicates; returns how many rows were removed.
    static func merge(_ context: ModelContext) throws -> Int {
        var removed = 0
        for entity in context.schema.entities where entity.attribute("id") != nil {
            var winners: [StoreValue: PersistentIdentifier] = [:]
            for row in try context.fetch(entity.name) {
                guard let id = row["id"], !id.isNull, context.row(row.id) != nil else { continue }
                guard let winner = winners[id] else {
                    winners[id] = row.id
                    continue
                }
                try fold(row.id, into: winner, entity: entity, context)
                removed += 1
            }
        }
        return removed
    }

    private static func fold(_ copy: PersistentIdentifier, into winner: PersistentIdentifier, entity: EntityShape, _ context: ModelContext) throws {
        for relationship in entity.relationships where relationship.isToMany {
            let merged = unique(context.row(winner)!.targets(relationship.name) + context.row(copy)!.targets(relationship.name))
            context.relate(winner, relationship.name, to: merged)
        }
        for other in context.schema.entities {
            for relationship in other.relationships where relationship.target == entity.name {
                for row in try context.fetch(other.name) where row.targets(relationship.name).contains(copy) {
                    context.relate(row.id, relationship.name, to: unique(row.targets(relationship.name).map { $0 == copy ? winner : $0 }))
                }
            }
        }
        context.delete(copy)
    }

    private static func unique(_ ids: [PersistentIdentifier]) -> [PersistentIdentifier] {
        var seen: Set<PersistentIdentifier> = []
        return ids.filter { seen.insert($0).inserted }
    }
}
