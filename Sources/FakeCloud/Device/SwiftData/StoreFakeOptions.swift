/// The fake's choices where Apple does not document SwiftData's behaviour. Each default is the
/// behaviour we judge most likely; the other cases let a scenario test an app against the
/// alternative.
public struct StoreFakeOptions: Sendable, Hashable {
    /// Order of fetch results without sort descriptors. Core Data: "A value of nil is treated as
    /// no sort descriptors" and no order is promised (NSFetchRequest.sortDescriptors); CloudKit
    /// says outright that without them "records return in an indeterminate order". SQLite tends
    /// to return rowid order, hence the default; `.reverseInsertion` exposes an app that depends
    /// on an order it never asked for.
    public enum FetchOrder: Sendable, Hashable { case insertion, reverseInsertion }

    /// Which steps of a migration commit to the store file on their own (so where a kill leaves
    /// the store). Documented: Core Data "processes the migration stages in the order that you
    /// provide them" (NSStagedMigrationManager.init), a custom stage's handlers run "before the
    /// stage runs" and "after" and reach the store through the manager's container
    /// (NSCustomMigrationStage.willMigrateHandler/didMigrateHandler), and an inferred migration
    /// of a SQLite store runs "in situ (solely by issuing SQL statements)" (Lightweight
    /// Migration guide). Not documented: whether the whole sequence is one transaction.
    /// - `perStep` (default): each `save()` inside `willMigrate`/`didMigrate` commits, each schema
    ///   step commits (rows and new version metadata together), so a kill after a schema step
    ///   leaves a store of the new version whose `didMigrate` never ran (bug zoo SW-6).
    /// - `wholeOpen`: nothing reaches the file until every stage has finished; a kill anywhere
    ///   leaves the old store.
    public enum MigrationCommit: Sendable, Hashable { case perStep, wholeOpen }

    /// What happens to changes a `willMigrate`/`didMigrate` closure makes but does not save. A
    /// context created for a migration is not the container's main context, and SwiftData's
    /// `autosaveEnabled` "default value is false" except for `mainContext` (ModelContext
    /// documentation), so the default discards them; published examples (Hacking with Swift,
    /// "How to create a complex migration using VersionedSchema") call `context.save()`.
    public enum UnsavedMigrationChanges: Sendable, Hashable { case discarded, saved }

    /// Inserting an object whose `.unique` attribute equals a stored one. SwiftData "will detect
    /// this and perform an upsert rather than an insert" (Hacking with Swift, "How to make unique
    /// attributes in a SwiftData model"); Core Data with its default error merge policy fails the
    /// save (NSManagedObjectConstraintMergeError, 133021). On an upsert the stored row keeps its
    /// identifier and takes the new values; the inserted object's identifier then names nothing.
    public enum UniqueConflict: Sendable, Hashable { case upsert, failSave }

    /// Whether `.unique` takes part in the entity version hash. Apple's versionHash pages do not
    /// list uniqueness constraints; but a constraint is a store-schema change (a unique index) and
    /// adding `.unique` is treated as a migration by every published example, so it participates.
    public enum UniquenessHashing: Sendable, Hashable { case participates, ignored }

    /// A plan whose consecutive schemas have no stage between them. Undocumented; the default
    /// infers a lightweight stage (the Swiff plan adds stages "only for complex changes"),
    /// `.fail` throws `NSMigrationMissingMappingModelError` (134140).
    public enum MissingStage: Sendable, Hashable { case inferLightweight, fail }

    /// Opening a store whose hash differs from the schema with no migration plan. SwiftData then
    /// attempts Core Data's inferred lightweight migration from the model cached in the store
    /// (developer forums thread 738812: adding a property "successfully migrate[s] if I'm not
    /// providing an explicit SchemaMigrationPlan"; KMReader PR #814 retries without the plan to get
    /// "Core Data's inferred lightweight migration"). Whether that also "downgrades" a newer store
    /// is undocumented: `.throwIncompatible` refuses as Core Data without inference does (134100).
    public enum UnplannedMismatch: Sendable, Hashable { case inferFromStoreModel, throwIncompatible }

    /// See `FetchOrder`.
    public var fetchOrder: FetchOrder
    /// See `MigrationCommit`.
    public var migrationCommit: MigrationCommit
    /// See `UnsavedMigrationChanges`.
    public var unsavedMigrationChanges: UnsavedMigrationChanges
    /// See `UniqueConflict`.
    public var uniqueConflict: UniqueConflict
    /// See `UniquenessHashing`.
    public var uniquenessHashing: UniquenessHashing
    /// See `MissingStage`.
    public var missingStage: MissingStage
    /// See `UnplannedMismatch`.
    public var unplannedMismatch: UnplannedMismatch

    /// Options; every default is the behaviour judged most likely.
    public init(
        fetchOrder: FetchOrder = .insertion, migrationCommit: MigrationCommit = .perStep,
        unsavedMigrationChanges: UnsavedMigrationChanges = .discarded, uniqueConflict: UniqueConflict = .upsert,
        uniquenessHashing: UniquenessHashing = .participates, missingStage: MissingStage = .inferLightweight,
        unplannedMismatch: UnplannedMismatch = .inferFromStoreModel
    ) {
        self.fetchOrder = fetchOrder
        self.migrationCommit = migrationCommit
        self.unsavedMigrationChanges = unsavedMigrationChanges
        self.uniqueConflict = uniqueConflict
        self.uniquenessHashing = uniquenessHashing
        self.missingStage = missingStage
        self.unplannedMismatch = unplannedMismatch
    }
}
