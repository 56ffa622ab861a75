import AppPorts
import Foundation
import SimValues

/// The Swiss Coin migration orchestrator (seed `MigrationService`, l.171-845): uploads the local
/// Core Data store to Supabase in 16 FK-ordered steps, remapping the local "me" person to the auth
/// user id, with progress, per-entity counts and a completion flag. `variant` decides, at the lines
/// where the seed is defective, whether the port takes the seed's path or the fixed one.
///
/// The seed's `@MainActor` singleton becomes a plain class used from one task (no main actor in a
/// simulation). Fetches read the store afresh, in creation order (see `LocalDatabase`). `print`
/// goes to `log`.
public final class MigrationService {
    public let variant: SwissCoinVariant
    let client: any CloudClient
    let store: LocalStore
    let defaults: any KeyValueStore
    let clock: any WallClock
    let ids: any IDGenerator
    let log: (String) -> Void

    // The seed's @Published state (l.182-186).
    public internal(set) var isRunning = false
    public internal(set) var currentStep = ""
    /// Display only (the seed's `Double`); never used in a decision.
    public internal(set) var progress: Double = 0
    public internal(set) var entityCounts: [String: Int] = [:]
    public internal(set) var errorMessage: String?
    /// The error behind `errorMessage`, for the harness.
    public internal(set) var lastError: (any Error)?
    /// Every step number started, across runs of this instance (for tests and traces).
    public internal(set) var stepsStarted: [Int] = []
    /// Entities not uploaded in the last run (fixed variant only; the seed skips silently).
    public internal(set) var skippedEntities: [SkippedEntity] = []
    /// Called as each step starts, with its number (1…16): the UI observing `currentStep`.
    public var onStepStarted: ((Int) -> Void)?

    var oldCurrentUserId: String?
    var authUserId: String?
    let totalSteps = 16

    /// - Parameters: the device's ports; `variant` selects the seed's defects; `log` receives the
    ///   seed's `print` output.
    public init(client: any CloudClient, store: LocalStore, defaults: any KeyValueStore, clock: any WallClock,
                ids: any IDGenerator, variant: SwissCoinVariant = .fixed, log: @escaping (String) -> Void = { _ in }) {
        self.client = client
        self.store = store
        self.defaults = defaults
        self.clock = clock
        self.ids = ids
        self.variant = variant
        self.log = log
    }

    func has(_ defect: SwissCoinDefect) -> Bool { variant.has(defect) }

    /// Seed l.39-50: local data, a session, and no completion flag. The fixed variant reads the
    /// flag of the signed-in account and refuses a store claimed by another account.
    public func shouldRunMigration() async -> Bool {
        let hasLocalData = defaults.string(forKey: AppDefaultsKeys.currentUserId) != nil
        guard let session = await client.currentSession() else { return false }
        let migrationCompleted = defaults.bool(forKey: completionKey(account: session.userId))
        if !has(.crossAccountUpload), let owner = (try? store.load())?.ownerAccountId, owner != session.userId {
            return false
        }
        return hasLocalData && !migrationCompleted
    }

    /// The key of the completion flag for this account (seed: one key per device, l.47/l.285).
    func completionKey(account: String) -> String {
        has(.globalCompletionFlag) ? AppDefaultsKeys.migrationCompleted : AppDefaultsKeys.migrationCompleted(account: account)
    }

    /// Seed l.201-294: runs all steps; any error ends the run with `errorMessage` set.
    public func runMigration() async {
        guard !isRunning else { return }
        isRunning = true
        errorMessage = nil
        lastError = nil
        if !has(.staleProgressCounts) {
            // Fixed: a retry starts from a clean slate, so the UI shows only this run's truth.
            entityCounts = [:]
            progress = 0
            currentStep = ""
        }
        skippedEntities = []
        do {
            try await beginRun()
            try await migrateAllSteps()
            try await complete()
        } catch {
            errorMessage = String(describing: error)
            lastError = error
        }
        isRunning = false
    }

    /// Seed l.207-218 (+ the fixed variant's account claim on the store).
    func beginRun() async throws {
        guard let session = await client.currentSession() else { throw MigrationError.notAuthenticated }
        authUserId = session.userId
        guard let oldId = defaults.string(forKey: AppDefaultsKeys.currentUserId), !oldId.isEmpty else {
            throw MigrationError.noLocalData
        }
        oldCurrentUserId = oldId
        if !has(.crossAccountUpload) { try claimStore(for: session.userId) }
    }

    /// Fixed variant: tag the store with the account before the first upload (durably, in the same
    /// file as the data), and refuse a store another account already claimed.
    public func claimStore(for account: String) throws {
        var database = try store.load()
        if let owner = database.ownerAccountId {
            guard owner == account else {
                throw MigrationError.storeBelongsToAnotherAccount(owner: owner, current: account)
            }
            return
        }
        database.ownerAccountId = account
        try store.save(database)
    }

    /// Seed l.298-301; the fixed variant also checks the account is still the one it started with.
    func updateStep(_ step: Int, _ description: String) async throws {
        currentStep = description
        progress = Double(step - 1) / Double(totalSteps)
        stepsStarted.append(step)
        onStepStarted?(step)
        if !has(.sessionNotRechecked) { try await ensureSameSession() }
    }

    func ensureSameSession() async throws {
        guard let session = await client.currentSession(), session.userId == authUserId else {
            throw MigrationError.sessionChanged
        }
    }

    /// Seed l.303-308: the old local "me" id becomes the auth user id; every other id is unchanged.
    func remapPersonId(_ localId: String) -> String {
        if localId == oldCurrentUserId { return authUserId ?? localId }
        return localId
    }

    /// A Core Data fetch: the whole store as of now.
    func fetch() throws -> LocalDatabase { try store.load() }

    /// A seed `guard ... else { continue }` site: silent in the seed, recorded in the fixed variant.
    func skip(_ table: String, _ localId: String?, _ reason: String) {
        if has(.silentSkip) { return }
        skippedEntities.append(SkippedEntity(table: table, localId: localId, reason: reason))
    }

    var defaultCurrency: String { defaults.string(forKey: AppDefaultsKeys.defaultCurrency) ?? "USD" }
}
