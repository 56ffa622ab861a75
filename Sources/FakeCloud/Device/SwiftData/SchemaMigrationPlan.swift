/// A `willMigrate` / `didMigrate` closure. Async so a kill can land inside it (SwiftData's are
/// synchronous `(ModelContext) throws -> Void`; an app port that never awaits behaves the same).
public typealias MigrationHandler = @Sendable (ModelContext) async throws -> Void

/// `MigrationStage`: how the store moves from one schema to the next.
/// - `lightweight`: the inferred mapping alone (`InferredMapping`).
/// - `custom`: `willMigrate` with a context over the OLD schema's models only, then the same
///   inferred schema step, then `didMigrate` with a context over the NEW schema's models only
///   ("willMigrate sees only OLD models, didMigrate sees only NEW models" — Axiom's SwiftData
///   migration guide; Core Data: the handlers run "before the stage runs" and "after the
///   migration has run", NSCustomMigrationStage).
public enum MigrationStage: Sendable {
    case lightweight(fromVersion: VersionedSchema, toVersion: VersionedSchema)
    case custom(fromVersion: VersionedSchema, toVersion: VersionedSchema, willMigrate: MigrationHandler?, didMigrate: MigrationHandler?)

    /// The schema the stage starts from.
    public var fromVersion: VersionedSchema {
        switch self {
        case .lightweight(let from, _), .custom(let from, _, _, _): return from
        }
    }

    /// The schema the stage ends at.
    public var toVersion: VersionedSchema {
        switch self {
        case .lightweight(_, let to), .custom(_, let to, _, _): return to
        }
    }
}

/// `SchemaMigrationPlan`: every schema the app ever shipped, oldest first, and the stages
/// between them. A store is placed in `schemas` by its version hash, then every stage from there
/// to the build's schema runs in order (a V1 store opened by a V3 build runs V1→V2, then V2→V3).
public struct SchemaMigrationPlan: Sendable {
    /// Every shipped schema, oldest first.
    public var schemas: [VersionedSchema]
    /// The stages between consecutive schemas, in any order.
    public var stages: [MigrationStage]

    /// A plan; it names at least one schema.
    public init(schemas: [VersionedSchema], stages: [MigrationStage]) {
        precondition(!schemas.isEmpty, "a plan names at least one schema")
        self.schemas = schemas
        self.stages = stages
    }
}
