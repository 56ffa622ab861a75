import AppPorts
import SimValues

/// Where a migration is (the seed's `MigrationState`, l.186-194).
public enum MigrationState: Sendable, Equatable {
    case notStarted, authenticating, exporting
    case uploading(current: Int, total: Int)
    case verifying, completed
    case failed(String)
}

/// How one `startMigration()` ended.
public enum MigrationOutcome: Sendable, Equatable {
    case completed
    /// Failed; `rolledBack` when the rollback ran to its end.
    case failed(MigrationError, rolledBack: Bool)
}

/// What the app's UI shows of a migration, for whoever watches (the harness's reports).
public protocol MigrationObserver: AnyObject, Sendable {
    /// The upload's progress changed (`uploading(current:total:)`, l.818-823).
    func progressChanged(current: Int, total: Int)
    /// The upload loop returned: `current` and `total` as the UI shows them then.
    func uploadFinished(current: Int, total: Int)
    /// Verification ended (`passed` false: it threw).
    func verified(passed: Bool)
    /// "Migration complete! 🎉" is on screen, for this account.
    func completed(account: String)
    /// A rollback ran to its end (l.1098-1103) for this account (nil: no session).
    func rolledBack(account: String?)
}

/// The seed's `MigrationManager` (l.95-918, l.1074-1163), ported to plain Swift behind ports.
///
/// Phases (each told to `probe`): export, upload (events, heroes, stories), catch-up (fixed),
/// verify, mark-synced, rollback. The seed's `startMigration()` is not shown; its obvious reading
/// (what `testFullMigration_Success`, l.1321-1324, calls in order) is export → upload → verify →
/// mark, and on an error the rollback when one of the plan's triggers (l.1068-1072) applies.
public final class MigrationManager: @unchecked Sendable {
    let cache: CacheManager
    let api: APIClient
    let auth: AuthManager
    let files: any LocalFileStore
    let defaults: any KeyValueStore
    let clock: any WallClock
    let ids: any IDGenerator
    let locator: MediaLocator
    let ledger: MigrationLedger
    let variant: StoriesVariant
    /// Told when each phase starts (a kill can land anywhere in it).
    public let probe: any PhaseProbe
    let installId: String
    let sleep: @Sendable (Int64) async throws -> Void
    /// Who hears about progress, verification, completion and rollbacks (the UI; the harness).
    public weak var observer: (any MigrationObserver)?

    /// The seed's `migrationState`.
    public private(set) var state: MigrationState = .notStarted
    /// The upload's progress as `current` of `total` items (the seed's `Double` progress is
    /// `current / total`; integers keep the check exact).
    public internal(set) var progress = (current: 0, total: 0)
    /// The account the running migration uploads to (nil: not pinned, the seed).
    var pinnedAccount: String?
    var cancelRequested = false

    /// A manager over the app's store, backend client and ports; `sleep` waits on the app's clock (ms).
    public init(cache: CacheManager, api: APIClient, auth: AuthManager, files: any LocalFileStore, defaults: any KeyValueStore,
                clock: any WallClock, ids: any IDGenerator, locator: MediaLocator, variant: StoriesVariant,
                probe: any PhaseProbe = NoPhaseProbe(), installId: String, sleep: @escaping @Sendable (Int64) async throws -> Void) {
        self.cache = cache
        self.api = api
        self.auth = auth
        self.files = files
        self.defaults = defaults
        self.clock = clock
        self.ids = ids
        self.locator = locator
        self.ledger = MigrationLedger(files: files)
        self.variant = variant
        self.probe = probe
        self.installId = installId
        self.sleep = sleep
    }

    static let cloudSyncKeys = ["cloudSyncEnabled", "enableCloudSync"]

    func setState(_ new: MigrationState) { state = new }

    var retry: RetryPolicy {
        RetryPolicy(retriesEveryError: variant.has(.accountNotPinned), sleep: sleep, isCancelled: { [unowned self] in
            !self.variant.has(.cancelDoesNotStopUpload) && self.cancelRequested
        })
    }

    // MARK: Phase 1

    /// Phase 1 (l.103-124). The seed: not when signed in (`skip-when-authenticated`), else when
    /// there is any hero or story (`remigrate-after-sign-out`: whatever their state). Fixed: when
    /// an entity is not synced yet, unless the store belongs to another account than the one
    /// signed in.
    public func checkMigrationNeeded() -> Bool {
        probe.enter("detect")
        if variant.has(.skipWhenAuthenticated) && auth.isAuthenticated { return false }
        if variant.has(.remigrateAfterSignOut) {
            return !cache.fetchAll(Hero.self).isEmpty || !cache.fetchAll(Story.self).isEmpty
        }
        if let user = auth.userId, !canMigrate(into: user) { return false }
        return hasUnsyncedEntities
    }

    /// Whether this store may be uploaded to `account` (fixed: it belongs to no account yet, or to
    /// this one; the seed never asks).
    public func canMigrate(into account: String) -> Bool {
        if variant.has(.remigrateAfterSignOut) { return true }
        return ledger.owner == nil || ledger.owner == account
    }

    var hasUnsyncedEntities: Bool {
        cache.fetchAll(Hero.self).contains { $0.serverSyncStatus != .synced || $0.serverId == nil }
            || cache.fetchAll(Story.self).contains { $0.serverSyncStatus != .synced || $0.serverId == nil }
            || cache.fetchAll(CustomStoryEvent.self).contains { $0.serverSyncStatus != .synced || $0.serverId == nil }
    }

    /// The account of an unfinished rollback (fixed: finish it before anything else).
    public var pendingRollbackAccount: String? { variant.has(.rollbackErrorIgnored) ? nil : ledger.pendingRollback }

    /// The user taps Cancel while the migration runs.
    public func requestCancel() { cancelRequested = true }

    // MARK: startMigration (not shown in the seed)

    /// Export, upload, verify, mark; on a trigger, roll back.
    public func startMigration() async -> MigrationOutcome {
        cancelRequested = false
        guard let account = auth.userId else { return .failed(.sessionEnded, rolledBack: false) }
        pinnedAccount = variant.has(.accountNotPinned) ? nil : account
        if !variant.has(.remigrateAfterSignOut) && ledger.owner == nil { try? ledger.claim(account) }
        do {
            let export = try exportLocalData()
            try await uploadToBackend(export)
            try await catchUp()
            try await verifyMigration(export)
            try await markAsMigrated()
            return .completed
        } catch {
            let failure = error as? MigrationError ?? .uploadFailed(entity: "migration", name: "", cause: "\(error)")
            setState(.failed(failure.description))
            guard failure.triggersRollback else { return .failed(failure, rolledBack: false) }
            return .failed(failure, rolledBack: await rollbackMigration())
        }
    }

    /// Fixed: entities created or edited since the export are sent too (bounded rounds). The seed
    /// has no such pass.
    func catchUp() async throws {
        guard !variant.has(.nonIdempotentCreate) else { return }
        for _ in 0..<3 {
            guard let account = auth.userId, hasChanges(since: account) else { return }
            probe.enter("catch-up")
            try await uploadToBackend(localSnapshot(), catchUp: true)
        }
    }

    /// The store now, as an export without a checkpoint.
    func localSnapshot() -> LocalDataExport {
        let heroes = cache.fetchAll(Hero.self), stories = cache.fetchAll(Story.self), events = cache.fetchAll(CustomStoryEvent.self)
        return LocalDataExport(heroes: heroes, stories: stories, customEvents: events,
                               mediaFiles: collectMediaFiles(heroes: heroes, stories: stories, events: events))
    }

    /// Whether some entity is not in the ledger, or was edited since it was sent.
    func hasChanges(since account: String) -> Bool {
        func changed<E: StoredEntity>(_ entity: E, _ body: [String: JSONValue]) -> Bool {
            guard let entry = ledger.entry(E.kind, entity.id, account: account) else { return true }
            return entity.serverSyncStatus != .synced && entry.hash != ContentFields.hash(body)
        }
        return cache.fetchAll(Hero.self).contains { changed($0, ContentFields.hero($0)) }
            || cache.fetchAll(CustomStoryEvent.self).contains { changed($0, ContentFields.event($0)) }
            || cache.fetchAll(Story.self).contains { changed($0, ContentFields.story($0)) }
    }

    /// An idempotency key for one request of this install's current attempt.
    func key(_ what: String) -> String? {
        variant.has(.nonIdempotentCreate) ? nil : "\(installId)-g\(ledger.generation)-\(what)"
    }
}
