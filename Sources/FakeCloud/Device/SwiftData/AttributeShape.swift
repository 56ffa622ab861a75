/// The stored type of an attribute (Core Data's `NSAttributeDescription.attributeType`; it takes
/// part in the version hash, so changing it is a schema change).
public enum AttributeType: String, Sendable, Hashable, Codable, CaseIterable {
    case string, int, double, bool, date, uuid, data
    /// A decimal amount kept as canonical text in `StoreValue.string` (never a `Double`).
    case decimalString
    /// An amount in integer minor units (cents) in `StoreValue.int`.
    case minorUnits

    /// True when `value` is a value of this type (null is judged by the optional flag, not here).
    public func accepts(_ value: StoreValue) -> Bool {
        switch (self, value) {
        case (_, .null): return true
        case (.string, .string), (.decimalString, .string), (.int, .int), (.minorUnits, .int),
            (.double, .double), (.bool, .bool), (.date, .date), (.uuid, .uuid), (.data, .data):
            return true
        default: return false
        }
    }
}

/// One persisted attribute of an entity: SwiftData's `Schema.Attribute`, as declared by a stored
/// property of a `@Model` class and its `@Attribute(...)` options.
public struct AttributeShape: Sendable, Hashable, Codable {
    /// The property name.
    public var name: String
    /// The stored type.
    public var type: AttributeType
    /// `var x: T?` in SwiftData, `isOptional` in Core Data.
    public var isOptional: Bool
    /// The property's initial value (`var name: String = ""`). Does not take part in the version
    /// hash ("Default values: adding, removing, or changing the default value of an attribute"
    /// does not change the entity hash — M. Zarra, *Core Data*, "Changes That Do Not Alter the
    /// Entity Hash").
    public var defaultValue: StoreValue?
    /// `@Attribute(.unique)`.
    public var isUnique: Bool
    /// `@Attribute(originalName:)` — Core Data's `renamingIdentifier`: a lightweight migration
    /// carries the values of the source attribute with this name. Not part of the version hash.
    public var originalName: String?

    /// An attribute; the default must be a value of `type`.
    public init(
        _ name: String, _ type: AttributeType, optional: Bool = false, defaultValue: StoreValue? = nil,
        unique: Bool = false, originalName: String? = nil
    ) {
        precondition(defaultValue.map(type.accepts) ?? true, "default of \(name) is not a \(type)")
        self.name = name
        self.type = type
        self.isOptional = optional
        self.defaultValue = defaultValue
        self.isUnique = unique
        self.originalName = originalName
    }

    /// The value a new object or a newly added column gets: the default, else null.
    var initialValue: StoreValue { defaultValue ?? .null }
}
