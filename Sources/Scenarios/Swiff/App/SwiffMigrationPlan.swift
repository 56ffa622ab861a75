import AppPorts
import AppleStandIns

/// `SwiffMigrationPlan` of one build: its schemas and the stages between them.
/// - V1→V2: the seed's `migrateV1toV2` (l.133-158), custom.
/// - Fixed V2→V2.1 (lightweight: the V3 money columns as optionals) then V2.1→V3 (custom:
///   `willMigrate` removes duplicates and fills the new columns in saved batches while the store
///   is still 2.1, so an interrupted stage resumes; the schema step then drops the old columns).
/// - `transform-in-did-migrate`: V2→V3 in one custom stage in the seed's style, values captured in
///   memory in `willMigrate` and written in `didMigrate` with one save (SW-6).
public enum SwiffMigrationPlan {
    /// The plan of `build`; handlers tell `probe` which phase they are in.
    public static func plan(_ build: SwiffBuild, probe: any PhaseProbe) -> SchemaMigrationPlan {
        let schemas = build.planSchemas
        var stages: [MigrationStage] = []
        if schemas.count >= 2 { stages.append(SwiffStages.v1ToV2(from: schemas[0], to: schemas[1], build: build, probe: probe)) }
        if schemas.count == 4 {
            stages.append(.lightweight(fromVersion: schemas[1], toVersion: schemas[2]))
            stages.append(SwiffStages.bridgeToV3(from: schemas[2], to: schemas[3], build: build, probe: probe))
        } else if schemas.count == 3 {
            stages.append(SwiffStages.capturedV2ToV3(from: schemas[1], to: schemas[2], build: build, probe: probe))
        }
        return SchemaMigrationPlan(schemas: schemas, stages: stages)
    }
}
