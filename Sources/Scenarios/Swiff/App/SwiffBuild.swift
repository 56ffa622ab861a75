import AppPorts
import AppleStandIns

/// One release of the app: build 1 ships schema V1, build 2 V2, build 3 V3. A build carries every
/// schema it knows (its migration plan's list) as it sees them: frozen values in the fixed app;
/// under `shared-live-models` the seed's layout, where `SwiffSchemaV1.models` lists the live
/// `PersonModel.self`, `GroupModel.self`… (seed l.31-39, l.84-86), so every older version takes
/// the build's current shape of each class it shares, and no longer matches the stores it wrote.
///
/// Sources: Apple developer forums thread 826633 (a `VersionedSchema` listing a live `Model1.self`
/// beside nested copies fails with 134504 "unknown model version"), thread 761735 (DTS: wrap every
/// model in its version's `VersionedSchema`), cr8rcho's "Practical Guide to SwiftData
/// VersionedSchema" ("Copy the V1 file to create V2. Never modify V1").
public struct SwiffBuild: Sendable, Equatable {
    /// The release number (1…3).
    public let number: Int
    /// The defects of this app.
    public let variant: SwiffVariant
    /// The schema this build writes.
    public let schema: VersionedSchema
    /// Every schema the build's plan lists, oldest first, as the build sees them.
    public let planSchemas: [VersionedSchema]

    /// The newest release.
    public static let latest = 3

    /// The release `number` (1…latest) of the app with `variant`'s defects.
    public init(_ number: Int, variant: SwiffVariant) {
        precondition((1...Self.latest).contains(number), "builds are 1...\(Self.latest)")
        self.number = number
        self.variant = variant
        var list = [SwiffSchemaV1.schema]
        if number >= 2 { list.append(SwiffSchemaV2.schema(variant)) }
        if number >= 3 {
            if !variant.has(.transformInDidMigrate) { list.append(SwiffSchemaV2Bridge.schema(variant)) }
            list.append(SwiffSchemaV3.schema(variant))
        }
        let live = Self.released(number, variant)
        schema = Self.seen(live, live: live, variant)
        planSchemas = list.map { Self.seen($0, live: live, variant) }
    }

    /// The person model's entity name (`PersonModelV2` after the seed's class rename).
    public var personEntity: String { schema.entities[0].name }

    /// The schema release `number` ships.
    static func released(_ number: Int, _ variant: SwiffVariant) -> VersionedSchema {
        switch number {
        case 1: return SwiffSchemaV1.schema
        case 2: return SwiffSchemaV2.schema(variant)
        default: return SwiffSchemaV3.schema(variant)
        }
    }

    /// `schema` as this build's code sees it: itself when models are frozen per version; with
    /// shared live classes, each entity the build's own schema also has takes the build's shape.
    private static func seen(_ schema: VersionedSchema, live: VersionedSchema, _ variant: SwiffVariant) -> VersionedSchema {
        guard variant.has(.sharedLiveModels) else { return schema }
        var entities = schema.entities.map { live.entity($0.name) ?? $0 }
        // The live `GroupModel` now points at `PersonModelV2`; the port assumes SwiftData's
        // `Schema` takes in every model a listed model's relationships reach (not found in
        // Apple's documentation; a schema missing a destination could not be built at all).
        while let missing = entities.flatMap(\.relationships).map(\.target).first(where: { name in !entities.contains { $0.name == name } }) {
            entities.append(live.entity(missing)!)
        }
        return VersionedSchema(schema.versionIdentifier, entities)
    }
}
