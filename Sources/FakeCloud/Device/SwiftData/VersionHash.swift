import SimValues

/// The version hash of entities and schemas, computed from their shapes only.
///
/// What takes part, from Apple's documentation:
/// - `NSEntityDescription.versionHash`: "the name of the entity, the version hash of the
///   superentity (if present), if the entity is abstract, and all of the version hashes for the
///   properties", plus the user-defined `versionHashModifier`.
/// - `NSPropertyDescription.versionHash`: "the name of the property, and the flags for
///   isOptional, isTransient, and isReadOnly"; `NSAttributeDescription` adds the attribute type;
///   `NSRelationshipDescription` adds the inverse relationship, destination entity, minCount and
///   maxCount. The older "Understanding Versions" guide (and Zarra's *Core Data*) also list the
///   delete rule among the compared relationship properties, so it is included here.
/// - Not included: the version identifier ("hints"), default values, `renamingIdentifier` /
///   `originalName` (none of the lists above name them).
/// - Uniqueness constraints: undocumented — see `StoreFakeOptions.UniquenessHashing`.
///
/// The fake has no superentities or transient/read-only properties, so those flags are constant.
/// The digest is 64-bit FNV-1a over a canonical text (Core Data uses a 32-byte digest; only
/// equality matters to the fake).
public enum VersionHash {
    /// The hash of one entity.
    public static func of(_ entity: EntityShape, uniqueness: StoreFakeOptions.UniquenessHashing) -> String {
        var parts = ["entity:\(entity.name)", "abstract:0", "modifier:\(entity.versionHashModifier ?? "")"]
        let attributes = entity.attributes.map { attribute in
            var text = "attribute:\(attribute.name):\(attribute.type.rawValue):optional=\(attribute.isOptional):transient=false:readonly=false"
            if uniqueness == .participates && attribute.isUnique { text += ":unique" }
            return text
        }
        let relationships = entity.relationships.map { relationship in
            let counts = relationship.counts
            return "relationship:\(relationship.name):optional=\(relationship.isOptional):transient=false:readonly=false"
                + ":to=\(relationship.target):inverse=\(relationship.inverse ?? ""):min=\(counts.min):max=\(counts.max)"
                + ":delete=\(relationship.deleteRule.rawValue)"
        }
        // Property hashes are combined as a set in Core Data: declaration order does not matter.
        parts += (attributes + relationships).sorted()
        return hex(StableHash.fnv1a(parts.joined(separator: "\n")))
    }

    /// Every entity's hash by name (what a Core Data store keeps as `NSStoreModelVersionHashes`).
    public static func entityHashes(_ schema: VersionedSchema, uniqueness: StoreFakeOptions.UniquenessHashing) -> [String: String] {
        var hashes: [String: String] = [:]
        for entity in schema.entities { hashes[entity.name] = of(entity, uniqueness: uniqueness) }
        return hashes
    }

    /// The schema's hash: its entities' hashes, in entity-name order.
    public static func of(_ schema: VersionedSchema, uniqueness: StoreFakeOptions.UniquenessHashing) -> String {
        let lines = entityHashes(schema, uniqueness: uniqueness).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return hex(StableHash.fnv1a(lines.joined(separator: "\n")))
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
