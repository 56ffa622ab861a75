
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
        /// The final store read once for every checker (nil when missing or unreadable).
        let logical: LogicalStore?

        init(name: String, expected: [LogicalKey: [String: String]], store: [UInt8]?, backups: [String: [UInt8]]) {
            (self.name, self.expected, self.store, self.backups) = (name, expected, store, backups)
            logical = LogicalStore(bytes: store)
        }
    }

    var phones: [Phone]
    var launches: [LaunchRecord] = []
    var restores: [RestoreEvent] = []
    var upgrades: [UpgradeRecord] = []
    /// `device#incarnation` of every launch in which the app told the user it restored a backup.
    var reportedRestores: Set<String> = []
}
