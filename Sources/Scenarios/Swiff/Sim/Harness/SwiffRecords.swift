import Swiff

/// One launch of the app as the harness saw it.
struct LaunchRecord: Sendable, Equatable {
    var device: String
    var incarnation: Int
    var build: Int
    var result: LaunchResult
    /// The scenario had installed a build older than one the device ran before (a downgrade).
    var downgraded: Bool
    /// The launch came after the fault phase ended.
    var healing: Bool
}

/// The store file was replaced by a backup's bytes (seen by the harness at the file system).
struct RestoreEvent: Sendable, Equatable {
    var device: String
    var incarnation: Int
    var source: String
    var before: [UInt8]?
    var restored: [UInt8]
}

/// A newer build was installed over a store; `store` is the file as the old build left it.
struct UpgradeRecord: Sendable, Equatable {
    var device: String
    var from: Int
    var to: Int
    var store: [UInt8]?
}

/// Everything the checkers read after a run: per device the expected records, the final store
/// file and every backup file; and the launches, restores and upgrades of the run.
struct SwiffWorld: Sendable {
    struct Phone: Sendable {
        var name: String
        var expected: [LogicalKey: [String: String]]
        var store: [UInt8]?
        var backups: [String: [UInt8]]
        /// The backup index file (`BackupService.indexPath`) as the run left it.
        var backupIndex: [UInt8]?
        /// The final store read once for every checker (nil when missing or unreadable).
        let logical: LogicalStore?

        init(name: String, expected: [LogicalKey: [String: String]], store: [UInt8]?, backups: [String: [UInt8]],
             backupIndex: [UInt8]? = nil) {
            (self.name, self.expected, self.store, self.backups, self.backupIndex) = (name, expected, store, backups, backupIndex)
            logical = LogicalStore(bytes: store)
        }
    }

    var phones: [Phone]
    /// Store files the checks decode, each once.
    let stores = DecodedStores()
    var launches: [LaunchRecord] = []
    var restores: [RestoreEvent] = []
    var upgrades: [UpgradeRecord] = []
    /// `device#incarnation` of every launch in which the app told the user it restored a backup.
    var reportedRestores: Set<String> = []
    /// Restores the user asked for that the app answered with a refusal (its process lived on).
    var refusedRestores: [RefusedRestore] = []
    /// Records whose save the app reported as failed (the user was told it did not happen).
    var failedSaves: [FailedSave] = []
    /// Per device, the wall clock (Unix ms) of the last healing launch that opened the store.
    var healingOpens: [String: Int64] = [:]
}

/// A restore the user asked for and the app refused (an answer, not a kill).
struct RefusedRestore: Sendable, Equatable {
    var device: String
    var build: Int
    /// The backup's bytes when the user asked (nil: the file was gone).
    var backup: [UInt8]?
    /// Whether storage faults were on: a refusal then may be the disk's doing.
    var storageFaults: Bool
}

/// A record the app told the user it could not save.
struct FailedSave: Sendable, Equatable {
    var device: String
    var key: LogicalKey
}
