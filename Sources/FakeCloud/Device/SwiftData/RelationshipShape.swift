/// What deleting the owner of a relationship does to the objects it points at
/// (SwiftData's `Schema.Relationship.DeleteRule`, Core Data's `NSDeleteRule`):
/// `.nullify` "nullifies the related model's reference to the deleted model", `.cascade`
/// "deletes any related models", `.deny` "prevents the deletion of a model because it contains
/// one or more references to other models", `.noAction` "doesn't make changes to any related
/// models" (they may then reference models that don't exist). Apple documentation,
/// Schema.Relationship.DeleteRule. SwiftData's and Core Data's default is `.nullify`.
public enum DeleteRule: String, Sendable, Hashable, Codable {
    case nullify, cascade, deny, noAction
}

/// One relationship of an entity (`@Relationship(deleteRule:inverse:)`): a to-one or to-many
/// reference to rows of `target`, optionally paired with the `inverse` relationship on `target`.
public struct RelationshipShape: Sendable, Hashable, Codable {
    /// The property name.
    public var name: String
    /// The destination entity's name.
    public var target: String
    /// To-many (an array) or to-one.
    public var isToMany: Bool
    /// A to-one that may be empty. To-many relationships are always optional (an empty array).
    public var isOptional: Bool
    /// What deleting the owner does to the targets.
    public var deleteRule: DeleteRule
    /// The name of the inverse relationship on `target`, kept in step by the context.
    public var inverse: String?
    /// Renaming identifier, as for attributes.
    public var originalName: String?

    /// A relationship; a to-many one is always optional.
    public init(
        _ name: String, to target: String, toMany: Bool = false, optional: Bool = true,
        deleteRule: DeleteRule = .nullify, inverse: String? = nil, originalName: String? = nil
    ) {
        self.name = name
        self.target = target
        self.isToMany = toMany
        self.isOptional = toMany || optional
        self.deleteRule = deleteRule
        self.inverse = inverse
        self.originalName = originalName
    }

    /// Core Data's `minCount`/`maxCount`: (0 or 1, 1) for to-one, (0, 0 = unbounded) for to-many.
    var counts: (min: Int, max: Int) { isToMany ? (0, 0) : (isOptional ? 0 : 1, 1) }
}
