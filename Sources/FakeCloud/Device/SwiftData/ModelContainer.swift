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
///   deterministic sorted-keys JSON document (`StoreSnapshot`) when read. Written as SQLite in WAL
///   mode writes it (`StoreJournal`): a commit appends what it changed (`StoreCommit`) and the log
///   is folded into the base now and then, so a save costs what it changed; every write replaces
///   the file atomically (a fault leaves the old one).
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
    /// The store file as this container last wrote it (or found it): checkpoint plus log.
    private(set) var journal: StoreJournal
    /// Unique indexes over `committed`, made when a save first needs one, kept in step by `commit`.
    private var uniqueIndexes: [UniqueIndex.Key: UniqueIndex] = [:]
    /// Committed identifiers by entity, sorted, made when a fetch first needs them, kept in step by
    /// `commit`.
    private var identifiersByEntity: [String: [PersistentIdentifier]] = [:]
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
        self.journal = StoreJournal(checkpoint: committed)
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

    /// Makes `commit` part of the committed store: one atomic write of the store file, which
    /// appends it to the log or, when the log has grown past the base, checkpoints (unless this is
    /// a migration handler's container under `.wholeOpen`). Throws, changing nothing, on a fault.
    func commit(_ commit: StoreCommit) throws {
        var commit = commit
        commit.metadata.nextRowNumber = max(commit.metadata.nextRowNumber, nextRowNumber)
        let next: StoreJournal
        if journal.needsCheckpoint(appending: commit) {
            var folded = committed
            commit.apply(to: &folded)
            next = StoreJournal(checkpoint: folded)
        } else {
            next = journal.appending(commit)
        }
        if writesThrough { try disk.save(next, at: path) }
        reindex(commit)
        journal = next
        commit.apply(to: &committed)
    }

    /// The unique index of `key` over the committed rows.
    func uniqueIndex(_ key: UniqueIndex.Key) -> UniqueIndex {
        if let index = uniqueIndexes[key] { return index }
        let index = UniqueIndex(key, rows: committed.rows.values)
        uniqueIndexes[key] = index
        return index
    }

    /// The committed identifiers of `entityName`.
    func identifiers(of entityName: String) -> [PersistentIdentifier] {
        if let ids = identifiersByEntity[entityName] { return ids }
        let ids = committed.rows.keys.filter { $0.entityName == entityName }.sorted()
        identifiersByEntity[entityName] = ids
        return ids
    }

    /// Brings the indexes to the store after `commit` (called before it is applied: the old
    /// values come from `committed`).
    private func reindex(_ commit: StoreCommit) {
        for key in uniqueIndexes.keys {
            for id in commit.removed where id.entityName == key.entity {
                uniqueIndexes[key]!.remove(committed.rows[id]?[key.attribute], id)
            }
            for row in commit.written where row.id.entityName == key.entity {
                uniqueIndexes[key]!.remove(committed.rows[row.id]?[key.attribute], row.id)
                uniqueIndexes[key]!.add(row[key.attribute], row.id)
            }
        }
        for entity in identifiersByEntity.keys {
            for id in commit.removed where id.entityName == entity && committed.rows[id] != nil {
                identifiersByEntity[entity]!.remove(at: identifiersByEntity[entity]!.sortedPosition(of: id))
            }
            for row in commit.written where row.id.entityName == entity && committed.rows[row.id] == nil {
                identifiersByEntity[entity]!.insert(row.id, at: identifiersByEntity[entity]!.sortedPosition(of: row.id))
            }
        }
    }
}

extension Array where Element == PersistentIdentifier {
    /// Where `id` is, or would go, in this sorted array (binary search; new rows' numbers are the
    /// highest, so an insert lands at the end).
    func sortedPosition(of id: PersistentIdentifier) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
