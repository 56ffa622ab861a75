/// One stored object: its identifier, a value for every attribute of its entity, and the
/// identifiers each relationship points at (empty for an empty to-one).
public struct ModelRow: Sendable, Hashable, Codable {
    /// The row's identity.
    public var id: PersistentIdentifier
    /// A value for every attribute of the entity (null when unset).
    public var attributes: [String: StoreValue]
    /// The targets of every relationship of the entity.
    public var relationships: [String: [PersistentIdentifier]]

    /// A row.
    public init(id: PersistentIdentifier, attributes: [String: StoreValue], relationships: [String: [PersistentIdentifier]]) {
        self.id = id
        self.attributes = attributes
        self.relationships = relationships
    }

    /// The attribute's value (nil when the entity has no such attribute).
    public subscript(attribute: String) -> StoreValue? { attributes[attribute] }

    /// The relationship's targets (empty when unset or unknown).
    public func targets(_ relationship: String) -> [PersistentIdentifier] { relationships[relationship] ?? [] }
}
