import AppleStandIns

/// `SwiffSchemaV3` (3.0.0), what the seed's workflow (l.163-199) leads to next: money in integer
/// minor units (`amount: Double` → `amountCents`, `balance` → `balanceCents`: a rename with a type
/// change, which needs a custom stage, seed l.113-114), a new optional `notes` on expenses, a new
/// entity `SettlementModel` (ids held by value), and `@Attribute(.unique)` on every `id` (a unique
/// index: seed l.74 lists "Adding indexes" as automatic, which holds only over distinct values).
public enum SwiffSchemaV3 {
    /// Schema.Version(3, 0, 0).
    public static let versionIdentifier = SchemaVersion(3, 0, 0)

    /// New in V3: a payment between two people, by id value.
    public static let settlementModel = EntityShape("SettlementModel", attributes: [
        AttributeShape("id", .uuid, unique: true), AttributeShape("fromPersonID", .uuid), AttributeShape("toPersonID", .uuid),
        AttributeShape("amountCents", .minorUnits), AttributeShape("date", .date),
    ])

    /// Every model of this version as `variant` ships it.
    public static func models(_ variant: SwiffVariant) -> [EntityShape] {
        let v2 = SwiffSchemaV2.models(variant).map { $0.adding(AttributeShape("id", .uuid, unique: true)) }
        return v2.map { entity in
            switch entity.name {
            case "GroupExpenseModel":
                return entity.removing(["amount"]).adding(AttributeShape("amountCents", .minorUnits, defaultValue: .int(0)))
                    .adding(AttributeShape("notes", .string, optional: true))
            case "PersonModel", "PersonModelV2":
                return entity.removing(["balance"]).adding(AttributeShape("balanceCents", .minorUnits, defaultValue: .int(0)))
            default: return entity
            }
        } + [settlementModel]
    }

    /// The version as `variant` ships it.
    public static func schema(_ variant: SwiffVariant) -> VersionedSchema { VersionedSchema(versionIdentifier, models(variant)) }
}
