import AppleStandIns

/// `SwiffSchemaV2` (2.0.0, seed l.79-105 and l.121-159): the seed's two examples in one release,
/// a new optional `profileImageURL` (lightweight) and a property rename (`phone` → `phoneNumber`),
/// which the seed does in a custom stage. Fixed: the rename is `@Attribute(originalName: "phone")`
/// and the model keeps its class name. The defects reproduce the seed's literal text.
public enum SwiffSchemaV2 {
    /// Schema.Version(2, 0, 0).
    public static let versionIdentifier = SchemaVersion(2, 0, 0)

    /// PersonModel, fixed: every V1 field, the rename carried by `originalName`, the new optional.
    public static let personModel = EntityShape("PersonModel", attributes: [
        AttributeShape("id", .uuid), AttributeShape("name", .string), AttributeShape("email", .string, defaultValue: ""),
        AttributeShape("phoneNumber", .string, defaultValue: "", originalName: "phone"),
        AttributeShape("balance", .double, defaultValue: .double(0)), AttributeShape("avatarEmoji", .string, optional: true),
        AttributeShape("profileImageURL", .string, optional: true),
    ])

    /// The person model a variant ships: the class renamed `PersonModelV2` (seed l.84, l.92), the
    /// example's fields only (l.94-98; `id` kept so the rest of the app still compiles), the
    /// rename without `originalName` (the seed copies it in didMigrate instead, l.147-153).
    public static func personModel(_ variant: SwiffVariant) -> EntityShape {
        var person = personModel
        if variant.has(.renamedModelClass) { person.name = "PersonModelV2" }
        if variant.has(.v2DropsPersonFields) {
            person.attributes.removeAll { ["phoneNumber", "balance", "avatarEmoji"].contains($0.name) }
        }
        if variant.has(.renameInDidMigrate), let index = person.attributes.firstIndex(where: { $0.name == "phoneNumber" }) {
            person.attributes[index].originalName = nil
        }
        return person
    }

    /// Every model of this version; the others are V1's unchanged, pointed at the person model's name.
    public static func models(_ variant: SwiffVariant) -> [EntityShape] {
        let person = personModel(variant)
        return [person] + SwiffSchemaV1.models.dropFirst().map { $0.retargeting("PersonModel", to: person.name) }
    }

    /// The version as `variant` ships it.
    public static func schema(_ variant: SwiffVariant) -> VersionedSchema { VersionedSchema(versionIdentifier, models(variant)) }
}

extension EntityShape {
    /// The same entity with its relationships to `old` pointed at `new` (a renamed class).
    func retargeting(_ old: String, to new: String) -> EntityShape {
        var copy = self
        for index in copy.relationships.indices where copy.relationships[index].target == old {
            copy.relationships[index].target = new
        }
        return copy
    }

    /// The same entity with `attribute` added (replacing one of the same name).
    func adding(_ attribute: AttributeShape) -> EntityShape {
        var copy = self
        copy.attributes.removeAll { $0.name == attribute.name }
        copy.attributes.append(attribute)
        return copy
    }

    /// The same entity without the named attributes.
    func removing(_ names: [String]) -> EntityShape {
        var copy = self
        copy.attributes.removeAll { names.contains($0.name) }
        return copy
    }
}
