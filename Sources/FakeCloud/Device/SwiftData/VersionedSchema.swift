/// `Schema.Version`: a semantic version identifier such as 1.0.0.
public struct SchemaVersion: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// Major version.
    public var major: Int
    /// Minor version.
    public var minor: Int
    /// Patch version.
    public var patch: Int

    /// A version such as 1.0.0.
    public init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (a: SchemaVersion, b: SchemaVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}

/// A `VersionedSchema` as data: a version identifier and every entity of that version.
///
/// The identifier is a label only. Which schema a store belongs to is decided by the version hash
/// of the entities' shapes (see `VersionHash`): Core Data "treats these identifiers simply as
/// 'hints'… if you kept the identifier the same but removed one entity and added two others…
/// the fact that the identifier did not change is irrelevant" (Core Data Model Versioning and
/// Data Migration Programming Guide, "Understanding Versions"). Editing a shipped schema in
/// place therefore yields a schema no store matches (bug zoo SW-1).
public struct VersionedSchema: Sendable, Hashable, Codable, CustomStringConvertible {
    public var versionIdentifier: SchemaVersion
    public var entities: [EntityShape]

    public init(_ versionIdentifier: SchemaVersion, _ entities: [EntityShape]) {
        let names = entities.map(\.name)
        precondition(Set(names).count == names.count, "an entity is declared twice")
        for entity in entities {
            for relationship in entity.relationships {
                precondition(names.contains(relationship.target), "\(entity.name).\(relationship.name) targets an unknown entity")
            }
        }
        self.versionIdentifier = versionIdentifier
        self.entities = entities
    }

    public func entity(_ name: String) -> EntityShape? { entities.first { $0.name == name } }

    public var description: String { "schema \(versionIdentifier)" }
}
