/// A fake of the persistence layer SwiftData (over Core Data's SQLite store) gives an app,
/// faithful where schema migrations go wrong. One `ModelContainer` is one open store file on a
/// device's durable files (`StoreDisk` over a `StoreFileSystem` such as `Device.files` or a
/// `DeviceContext`).
///
/// What it models:
/// - **Schemas as data** (`VersionedSchema`: entities, typed attributes with optional flag,
///   default, `.unique`, `originalName`; relationships with delete rules and inverses). A store is
///   matched to a schema by the **version hash** of the entities' shapes (`VersionHash`), never by
///   the version identifier, so a schema edited in place matches no store (bug zoo SW-1).
/// - **The store file**: every row and the metadata (version, hashes, cached model) as one
///   deterministic sorted-keys JSON document (`StoreSnapshot`), replaced atomically on every commit.
/// - **`ModelContext`**: pending inserts/changes/deletes in memory; `save()` applies delete rules,
///   unique constraints and validation, then commits atomically; a kill loses unsaved changes.
/// - **Opening with a `SchemaMigrationPlan`**: find the plan's schema whose hash matches the
///   store (none → `unknownModelVersion`, 134504, file untouched — also what a downgrade meets),
///   then run every pending stage in order: lightweight (`InferredMapping`) or custom
///   (`willMigrate` over the old models, the schema step, `didMigrate` over the new models), with
///   a suspension at every step boundary so a simulated kill can land anywhere (`MigrationRunner`).
/// - **Storage faults** through `StorageFaultPolicy` (disk full, torn write), for the store's
///   atomic writes and for app code's naive `StoreDisk.writeNonAtomically`.
///
/// Named options where Apple documents nothing (`StoreFakeOptions`): fetch order without sort
/// descriptors, what commits during a migration (per step or the whole open), unsaved changes
/// in migration handlers, unique conflicts on insert (upsert or failure), whether `.unique` is in
/// the version hash, a plan with a gap between schemas, and a mismatched store opened with no plan.
///
/// Sources (cited again where the code depends on them): Apple's SwiftData documentation
/// (ModelContext, save(), autosaveEnabled, MigrationStage.custom, Schema.Relationship.DeleteRule),
/// Core Data documentation (NSEntityDescription/NSPropertyDescription/NSAttributeDescription/
/// NSRelationshipDescription.versionHash, versionHashModifier, NSStagedMigrationManager,
/// NSCustomMigrationStage, "Migrating your data model automatically", the Lightweight Migration
/// and "Understanding Versions" chapters of the Core Data Model Versioning guide,
/// NSFetchRequest.sortDescriptors, CoreDataErrors codes), Hacking with Swift's SwiftData by
/// Example (unique attributes, complex migrations), M. Zarra's *Core Data* (what changes the
/// entity hash), Apple developer forums threads 738812 and 826633, and the GitHub reports
/// McBoerny/ShopWithMe#119 and everpcpc/KMReader#814.
///
/// Touched only from the app's own task (a device incarnation), like the real container's
/// main context.
public final class ModelContainer {
    /// The schema of the build that opened the store (or, inside a migration, of the stage side).
    public let schema: VersionedSchema
    /// The store file's path.
    public let path: String
    /// The fake's choices where the platform is undocumented.
    public let options: StoreFakeOptions
    /// Where the store file is written.
    public let disk: StoreDisk
    /// The store as last committed.
    public private(set) var committed: StoreSnapshot
    private var nextRowNumber: Int
    private let writesThrough: Bool

    init(
        schema: VersionedSchema, path: String, disk: StoreDisk, options: StoreFakeOptions, committed: StoreSnapshot,
        writesThrough: Bool
    ) {
        self.schema = schema
        self.path = path
        self.disk = disk
        self.options = options
        self.committed = committed
        self.nextRowNumber = committed.metadata.nextRowNumber
        self.writesThrough = writesThrough
    }

    /// `ModelContainer(for:migrationPlan:configurations:)`: opens the store at `path` for the
    /// build's `schema`, creating an empty store if there is none and migrating an older one
    /// through `migrationPlan`. Throws `ModelStoreError` (the file is then left as the last
    /// committed step left it — untouched when the store's version is unknown) or `StoreDiskError`.
    public static func open(
        at path: String, schema: VersionedSchema, migrationPlan: SchemaMigrationPlan? = nil, disk: StoreDisk,
        options: StoreFakeOptions = StoreFakeOptions()
    ) async throws -> ModelContainer {
        await Task.yield()
        let snapshot: StoreSnapshot
        if let stored = try disk.storedSnapshot(at: path) {
            let runner = MigrationRunner(path: path, disk: disk, options: options)
            snapshot = try await runner.migrate(stored, to: schema, plan: migrationPlan)
        } else {
            snapshot = StoreSnapshot(schema: schema, options: options)
            try disk.save(snapshot, at: path)
        }
        return ModelContainer(schema: schema, path: path, disk: disk, options: options, committed: snapshot, writesThrough: true)
    }

    /// A new context on this container (SwiftData's `ModelContext(container)`).
    public func makeContext() -> ModelContext { ModelContext(self) }

    /// The next identifier for a new object of `entityName`.
    func allocateIdentifier(_ entityName: String) -> PersistentIdentifier {
        defer { nextRowNumber += 1 }
        return PersistentIdentifier(entityName: entityName, number: nextRowNumber)
    }

    /// Makes `snapshot` the committed store: one atomic write of the whole file (unless this is a
    /// migration handler's container under `.wholeOpen`). Throws, changing nothing, on a fault.
    func commit(_ snapshot: StoreSnapshot) throws {
        var next = snapshot
        next.metadata.nextRowNumber = max(next.metadata.nextRowNumber, nextRowNumber)
        if writesThrough { try disk.save(next, at: path) }
        committed = next
    }
}
