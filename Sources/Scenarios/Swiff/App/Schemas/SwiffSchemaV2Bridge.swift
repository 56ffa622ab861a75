import AppleStandIns

/// `SwiffSchemaV2Bridge` (2.1.0): never a release of its own, only a step of the fixed plan. V2
/// plus the V3 money columns as optionals (`GroupExpenseModel.amountCents`,
/// `PersonModel.balanceCents`), added by a lightweight stage. The V2.1→V3 custom stage then fills
/// them in `willMigrate`, where the old `Double` columns still exist and every save commits while
/// the store is still 2.1.0: a kill anywhere leaves a store the next launch resumes. Only then
/// does the schema step drop the old columns.
public enum SwiffSchemaV2Bridge {
    /// Schema.Version(2, 1, 0).
    public static let versionIdentifier = SchemaVersion(2, 1, 0)

    /// Every model of this version as `variant` ships it.
    public static func models(_ variant: SwiffVariant) -> [EntityShape] {
        SwiffSchemaV2.models(variant).map { entity in
            switch entity.name {
            case "GroupExpenseModel": return entity.adding(AttributeShape("amountCents", .minorUnits, optional: true))
            case "PersonModel", "PersonModelV2": return entity.adding(AttributeShape("balanceCents", .minorUnits, optional: true))
            default: return entity
            }
        }
    }

    /// The version as `variant` ships it.
    public static func schema(_ variant: SwiffVariant) -> VersionedSchema { VersionedSchema(versionIdentifier, models(variant)) }
}
