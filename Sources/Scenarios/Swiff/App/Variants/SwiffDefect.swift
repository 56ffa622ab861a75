import AppPorts

/// One defect of the Swiff migration plan (seed 002_be3ce9fa4d37c416.txt) that the port can switch
/// on alone. `as-written` has every defect whose code the plan contains; `fixed` has none.
/// `bugZooIds` are the shared bug zoo's ids of the entries it reproduces (empty: found while porting).
public enum SwiffDefect: String, AppDefect {
    case sharedLiveModels = "shared-live-models"
    case renamedModelClass = "renamed-model-class"
    case v2DropsPersonFields = "v2-drops-person-fields"
    case renameInDidMigrate = "rename-in-did-migrate"
    case transformInDidMigrate = "transform-in-did-migrate"
    case noPreMigrationBackup = "no-pre-migration-backup"
    case silentRestore = "silent-restore"
    case fatalErrorOnOpen = "fatal-error-on-open"
    case noDedupeBeforeUnique = "no-dedupe-before-unique"
    case storedBalanceIncremental = "stored-balance-incremental"
    case restoreIgnoresVersion = "restore-ignores-version"
    case naiveBackupCopy = "naive-backup-copy"

    /// The plan has no backup code: how the copy is made is the port's choice, so the naive copy
    /// is switched on by name only. Every other defect is in the plan's own text.
    public var inPlanAsWritten: Bool { self != .naiveBackupCopy }

    /// The bug-zoo entries this defect reproduces: its code is the entry's seed code and a scenario
    /// can show the entry's consequence (empty: found while porting, or not in the zoo).
    public var bugZooIds: [String] {
        switch self {
        case .sharedLiveModels: return ["SW-1"]
        case .renamedModelClass: return ["SW-2", "SW-9"]
        case .v2DropsPersonFields: return ["SW-2"]
        case .renameInDidMigrate: return ["SW-3"]
        case .silentRestore, .fatalErrorOnOpen: return ["SW-4"]
        case .noPreMigrationBackup: return ["SW-5"]
        case .transformInDidMigrate: return ["SW-6"]
        case .noDedupeBeforeUnique: return ["SW-7"]
        case .storedBalanceIncremental: return ["SW-8"]
        case .restoreIgnoresVersion: return ["SW-10"]
        case .naiveBackupCopy: return []
        }
    }

    /// Where the defect is in the seed.
    public var seedLines: String {
        switch self {
        case .sharedLiveModels: return "l.31-39, l.84-86, l.177-179"
        case .renamedModelClass: return "l.71, l.84, l.91-92"
        case .v2DropsPersonFields: return "l.91-104 (vs l.342)"
        case .renameInDidMigrate: return "l.113, l.121, l.143-156"
        case .transformInDidMigrate: return "l.143-157, l.219"
        case .noPreMigrationBackup: return "l.137-141, l.325-328"
        case .silentRestore: return "l.283-286, l.323"
        case .fatalErrorOnOpen: return "l.292"
        case .noDedupeBeforeUnique: return "l.66-74"
        case .storedBalanceIncremental: return "l.12, l.342"
        case .restoreIgnoresVersion: return "l.284-285, l.308"
        case .naiveBackupCopy: return "l.323-334 (no backup code)"
        }
    }

    /// One line: what the defective code does and what goes wrong.
    public var summary: String {
        switch self {
        case .sharedLiveModels:
            return "older VersionedSchemas list the live model classes: editing a class changes every version's hash and no store opens"
        case .renamedModelClass:
            return "V2 renames the class to PersonModelV2: the inferred mapping drops every person and their references"
        case .v2DropsPersonFields:
            return "V2's PersonModel keeps only the example's fields: phone, balance and avatar are dropped"
        case .renameInDidMigrate:
            return "a property rename copied in didMigrate, where the old property no longer exists: the value is lost"
        case .transformInDidMigrate:
            return "values captured in memory in willMigrate, written in didMigrate with one save: a kill after the schema step loses them for good"
        case .noPreMigrationBackup:
            return "the pre-migration backup is commented out: the newest backup is the periodic one, up to 7 days old"
        case .silentRestore:
            return "when the container fails, the newest backup is restored over the store with try?, unreported"
        case .fatalErrorOnOpen:
            return "when the container fails the app calls fatalError: every launch crashes again (crash loop)"
        case .noDedupeBeforeUnique:
            return "V3 adds @Attribute(.unique) without removing duplicates first: the migration fails on any duplicated row"
        case .storedBalanceIncremental:
            return "the stored balance is adjusted in a second save after the expense's: a kill between leaves it wrong forever"
        case .restoreIgnoresVersion:
            return "restore(from:) copies any backup over the store, one made by a newer version too: the installed build cannot open it"
        case .naiveBackupCopy:
            return "backups are copied in place without .atomic and never read back: a kill or a torn write leaves the only backup broken"
        }
    }
}

/// Which of the seed's defects a run of Swiff has: `fixed`, `as-written`, or defect names joined with `+`.
public typealias SwiffVariant = Variant<SwiffDefect>
