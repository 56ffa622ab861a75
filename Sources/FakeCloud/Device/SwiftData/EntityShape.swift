/// One entity (a `@Model` class; a table): its attributes and relationships, in declaration order.
public struct EntityShape: Sendable, Hashable, Codable {
    /// The entity name. SwiftData uses the model class's name, so renaming the class renames the
    /// entity (the Swiff plan's `PersonModelV2`).
    public var name: String
    /// Persisted attributes, in declaration order.
    public var attributes: [AttributeShape]
    /// Relationships, in declaration order.
    public var relationships: [RelationshipShape]
    /// Core Data's entity `renamingIdentifier` ("renaming a Car entity to Automobile"). Without
    /// it a renamed entity is, to the inferred mapping, one entity removed and another added.
    /// (SwiftData's `@Model` macro exposes no such parameter; this models the Core Data store
    /// underneath, which does.)
    public var originalName: String?
    /// `NSEntityDescription.versionHashModifier`: changes the version hash without a shape change.
    public var versionHashModifier: String?

    /// An entity; property names must be distinct.
    public init(
        _ name: String, attributes: [AttributeShape], relationships: [RelationshipShape] = [],
        originalName: String? = nil, versionHashModifier: String? = nil
    ) {
        let names = attributes.map(\.name) + relationships.map(\.name)
        precondition(Set(names).count == names.count, "\(name) declares a property twice")
        self.name = name
        self.attributes = attributes
        self.relationships = relationships
        self.originalName = originalName
        self.versionHashModifier = versionHashModifier
    }

    /// The attribute named `name`.
    public func attribute(_ name: String) -> AttributeShape? { attributes.first { $0.name == name } }
    /// The relationship named `name`.
    public func relationship(_ name: String) -> RelationshipShape? { relationships.first { $0.name == name } }
}
