/// What `CloudKitMirror.checkAccount` found.
public enum MirrorAccountOutcome: Sendable, Hashable {
    /// Signed in to the account the local data belongs to (or adopted it at first sign-in).
    case ready(user: String)
    /// The account changed (sign-out or another Apple ID) and the policy ran; `purgedRows` local
    /// rows were deleted (0 under `.keepLocalData`).
    case changed(from: String?, to: String?, purgedRows: Int)
    /// No usable account (none, restricted, or temporarily unavailable): nothing synced, nothing deleted.
    case unavailable(CloudKitAccountStatus)
}

/// The mirroring SwiftData's `ModelConfiguration(cloudKitDatabase: .automatic)` gives an app
/// (NSPersistentCloudKitContainer underneath), for one device's store, against the fake server.
///
/// What the platform does, and how this models it:
/// - **Export**: "When its managed object context saves changes to the store, Core Data creates a
///   background task … converting the NSManagedObject to a CKRecord" (Apple: Syncing a Core Data
///   Store with CloudKit); "Generally, you can expect data to synchronize a local change within
///   about a minute". Core Data finds what to export in the persistent history since the last
///   export; this mirror compares the committed store with the fields it last agreed with the
///   server (`MirrorState.synced`), which yields the same set without a history hook. Exports go
///   in batches of `exportBatchSize` with the ifServerRecordUnchanged policy (as the
///   reverse-engineered PFCloudKitExporter does); a batch the server finds too large is split in
///   half and retried ("it must split the operation in half", CKError.Code.limitExceeded).
///   When to export is the caller's: call `exportChanges()` after saves.
/// - **Import**: on launch, when the app is activated, and on a push from CloudKit (TN3163:
///   "A import for the initial synchronization … Imports that happen at some points, like when
///   the app is activated … An import when getting notified of a database change"); call
///   `importChanges()` at those points. Records arriving before their related records keep
///   the link pending until the target arrives.
/// - **Conflicts**: record-level, per `CloudKitMirrorOptions.conflict`.
/// - **Account changes**: per `CloudKitMirrorOptions.accountChange` (see there for sources).
///   A temporarily unavailable account deletes nothing ("Don't delete any cached data", CKAccountStatus).
/// The record layout is `MirrorRecordMapping`'s. Metadata lives in `<store path>.ckmirror`.
public final class CloudKitMirror {
    public let container: ModelContainer
    public let options: CloudKitMirrorOptions
    let send: (CloudKitRequest) async throws -> CloudKitResponse
    let makeUUID: () -> String
    let mapping: MirrorRecordMapping
    var state: MirrorState
    /// Item errors of the last export that leave records pending (quota, too large, …).
    public internal(set) var lastItemErrors: [CloudKitItemError] = []
    /// Local objects replaced or removed by the server's copy on an export conflict
    /// (`MirrorConflictPolicy.serverRecordWins`) over this mirror's life: local edits dropped.
    public internal(set) var serverWins = 0
    /// Called with a number of local objects each time the server's copies replace local edits
    /// not yet exported — an export conflict (`serverRecordWins`) or an import of a newer server
    /// copy — right when it happens, before the next await.
    public var onServerWins: ((Int) -> Void)?
    /// Called with each answered account check's outcome, right after the mirror adopted the
    /// account or applied the change (as the platform posts a `.setup` event of
    /// `NSPersistentCloudKitContainer.eventChangedNotification`), before the next await.
    public var onAccountChecked: ((MirrorAccountOutcome) -> Void)?

    /// A mirror of `container`'s store; `send` delivers a request and throws the network's failures
    /// as CloudKit reports them, networkUnavailable offline and networkFailure on a timeout (e.g.
    /// `DeviceContext.callCloudKit` to the server's handle), and `makeUUID` names new records (e.g.
    /// `DeviceContext.makeUUID`).
    public init(
        container: ModelContainer, options: CloudKitMirrorOptions = CloudKitMirrorOptions(),
        makeUUID: @escaping () -> String, send: @escaping (CloudKitRequest) async throws -> CloudKitResponse
    ) {
        self.container = container
        self.options = options
        self.send = send
        self.makeUUID = makeUUID
        self.mapping = MirrorRecordMapping(schema: container.schema, assetThresholdBytes: options.assetThresholdBytes)
        self.state = Self.storedState(container.disk, at: Self.statePath(container)) ?? MirrorState()
    }

    /// The metadata file's state: the value its last save kept while the file still holds that
    /// save (what decoding its bytes gives, checked in debug builds), else its decoded bytes.
    static func storedState(_ disk: StoreDisk, at path: String) -> MirrorState? {
        if let kept = disk.readValue(path) as? MirrorState {
            assert(MirrorState.decode(kept.encoded()) == kept, "the kept mirror state reads back as itself")
            return kept
        }
        return disk.read(path).flatMap(MirrorState.decode)
    }

    static func statePath(_ container: ModelContainer) -> String { container.path + ".ckmirror" }

    /// The account the local data is mirrored for.
    public var mirroredUser: String? { state.user }

    /// Writes the metadata file (atomically; a storage fault throws and leaves the old one).
    func persist() throws {
        let state = self.state
        try container.disk.writeAtomically(Self.statePath(container), value: state, deferring: { state.encoded() })
    }

    /// Sends a request. Once an account check adopted an account, every operation but the account
    /// check is bound to it (`CloudKitRequest.mirrored`): after an iCloud sign-out or a switch of
    /// Apple ID, the server refuses it until the next account check applies the change. `send`
    /// reports the network's failures as CloudKit does (`DeviceContext.callCloudKit`).
    func call(_ request: CloudKitRequest) async throws -> CloudKitResponse {
        var bound = request
        if let user = state.user {
            if case .accountStatus = request {} else { bound = .mirrored(user: user, request) }
        }
        return try await send(bound)
    }

    /// Launch: check the account, then import, then export what is pending.
    @discardableResult
    public func launch() async throws -> MirrorAccountOutcome {
        let outcome = try await checkAccount()
        if case .unavailable = outcome { return outcome }
        try await importChanges()
        try await exportChanges()
        return outcome
    }

    /// Asks for the account status and applies the account-change policy when it differs from
    /// the account the local data belongs to.
    @discardableResult
    public func checkAccount() async throws -> MirrorAccountOutcome {
        let response = try await call(.accountStatus)
        if let error = response.error { throw error }
        guard case .accountStatus(let status, let user)? = response.outcome else { preconditionFailure("account status answers with a status") }
        let outcome = try applyAccountStatus(status, user: user)
        onAccountChecked?(outcome)  // no await in between: an observer sees an adoption a kill would cut short
        return outcome
    }

    /// What an answered account check finds, with the adoption or the account-change policy
    /// applied and persisted.
    private func applyAccountStatus(_ status: CloudKitAccountStatus, user: String?) throws -> MirrorAccountOutcome {
        switch status {
        case .available:
            let user = user!
            if state.user == nil {
                state.user = user
                try persist()
                return .ready(user: user)
            }
            if state.user == user { return .ready(user: user) }
            return try changeAccount(to: user)
        case .noAccount, .restricted:
            guard state.user != nil else { return .unavailable(status) }
            return try changeAccount(to: nil)
        case .temporarilyUnavailable, .couldNotDetermine:
            return .unavailable(status)
        }
    }

    private func changeAccount(to user: String?) throws -> MirrorAccountOutcome {
        let previous = state.user
        var purged = 0
        if options.accountChange == .purgeLocalData { purged = try purgeLocalRows() }
        state.resetSync(user: user)
        try persist()
        return .changed(from: previous, to: user, purgedRows: purged)
    }

    /// Deletes every row of every entity (a batch delete: no delete rules needed, all go).
    func purgeLocalRows() throws -> Int {
        let context = container.makeContext()
        var count = 0
        for entity in container.schema.entities {
            for row in try context.fetch(entity.name) {
                context.delete(row.id)
                count += 1
            }
        }
        try context.save()
        return count
    }

    /// Creates the mirror's zone once per account (again after zoneNotFound).
    func ensureZone() async throws {
        guard !state.zoneReady else { return }
        let response = try await call(.createZone(options.zoneName))
        if let error = response.error { throw error }
        state.zoneReady = true
        try persist()
    }

    /// The record id of a record name in the mirror's zone.
    func recordID(_ name: String) -> CloudKitRecordID { CloudKitRecordID(name, zone: options.zoneName) }

    /// Local identifiers by record name.
    func identifiersByName() -> [String: PersistentIdentifier] {
        var result: [String: PersistentIdentifier] = [:]
        for (text, name) in state.names {
            if let id = Self.identifier(text) { result[name] = id }
        }
        return result
    }

    static func identifier(_ text: String) -> PersistentIdentifier? {
        guard let slash = text.lastIndex(of: "/"), let number = Int(text[text.index(after: slash)...]) else { return nil }
        return PersistentIdentifier(entityName: String(text[..<slash]), number: number)
    }
}
