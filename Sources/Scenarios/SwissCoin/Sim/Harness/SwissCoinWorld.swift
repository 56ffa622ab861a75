import AppPorts
import FakeCloud
import Foundation
import SimCore
import SimHarness
import SwissCoin

/// The world at quiescence, as the checkers see it: the server's durable state (admin view),
/// the accounts, each device's durable local state and plan, and what the app reported.
struct SwissCoinWorld {
    let admin: AdminView
    let accounts: [SwissCoinStage.Account]
    let plans: [SwissCoinStage.DevicePlan]
    /// Account label each device is signed in as at the end (nil: signed out).
    let signedIn: [String: String]
    let reports: [String: AppReports.Report]
    /// Edits the user made on the web and the server acknowledged, in order.
    let webEdits: [SwissCoinStage.AcknowledgedEdit]
    /// Sync edits after the migration and what the server acknowledged, read from the run's
    /// operation ledger.
    let ledger: UserEdits
    /// The devices' scripts and how their syncing went.
    var sync: SyncProgress { stage.sync }

    /// The run's stage (idempotent-retry re-runs a plan's migration with the run's seed, variant and schema).
    let stage: SwissCoinStage

    /// How healing ended.
    let healing: HealingOutcome

    /// The reference phase's fault-free runs, by device (idempotent-retry); a world built by hand
    /// (in a test) has none, and the checker runs them when it needs them.
    let references: [String: ReferenceMigration.Outcome]

    /// Set-aside stores decoded for this world's checks (several checkers read the same one).
    private let asideStores = DecodedAsideStores()
    /// `expected(plan)` per plan, made once for this world's checks (four checkers read it).
    private let expectedStores = ExpectedStores()

    init(stage: SwissCoinStage, healing: HealingOutcome = .healed, references: [String: ReferenceMigration.Outcome] = [:]) {
        self.stage = stage
        self.healing = healing
        self.references = references
        admin = stage.server.admin
        accounts = stage.accounts
        plans = stage.plans
        signedIn = stage.signedIn
        reports = stage.reports.byDevice
        webEdits = stage.webEdits
        ledger = UserEdits(ledger: OperationLedger(history: stage.sim.history))
    }

    func account(_ label: String) -> SwissCoinStage.Account { accounts.first { $0.label == label }! }

    /// The device's local data as it must appear on the server: the pre-migration dataset with
    /// the local "me" id replaced by the owner's auth user id (seed l.95-108).
    /// Then every sync edit the account's users made and the server acknowledged, replayed on top.
    /// `plan` is one of the world's plans (the result is kept per device and owner).
    func expected(_ plan: SwissCoinStage.DevicePlan) -> LocalDatabase {
        expectedStores.value("\(plan.device.name)|\(plan.owner)") { makeExpected(plan) }
    }

    private func makeExpected(_ plan: SwissCoinStage.DevicePlan) -> LocalDatabase {
        let owner = account(plan.owner).userId
        let migrated = IdentityRemap.apply(from: plan.dataset.currentUserId, to: owner, in: plan.dataset.database)
        if ledger.edits.isEmpty { return migrated }
        return acknowledgedEdits.apply(account: owner, to: migrated, defaultCurrency: plan.dataset.defaultCurrency)
    }

    /// The sync edits the server applied: acknowledged to a device, or in the server's change log
    /// with no answer ever heard (a push cut off by a kill or a timeout after the server applied it).
    var acknowledgedEdits: AcknowledgedEdits {
        AcknowledgedEdits(ledger: ledger, serverLog: admin.rows("sync_changes"))
    }

    /// Whether the device holds a completion flag for its owner (per-account key, or the seed's
    /// device-wide key) — the app's claim that the data is on the server.
    func claimsCompletion(_ plan: SwissCoinStage.DevicePlan) -> Bool {
        let defaults = plan.device.defaults
        let owner = account(plan.owner).userId
        return defaults.durable[AppDefaultsKeys.migrationCompleted(account: owner)]?.boolValue == true
            || (defaults.durable[AppDefaultsKeys.migrationCompleted]?.boolValue == true && signedIn[plan.device.name] == plan.owner)
    }

    /// Plans whose data should be on the server: the app says so, or its owner is still signed in
    /// after healing (then it must finish).
    var plansThatMustBeMigrated: [SwissCoinStage.DevicePlan] {
        plans.filter { claimsCompletion($0) || signedIn[$0.device.name] == $0.owner }
    }

    /// Local entities no migration can upload (a required reference is nil: a contact deleted
    /// since, its relationships nullified). The app must report them, not lose them silently.
    static func unmigratable(_ db: LocalDatabase) -> [(table: String, id: String)] {
        db.settlements.compactMap { s in
            guard let id = s.id, s.fromPersonId == nil || s.toPersonId == nil else { return nil }
            return ("settlements", id)
        }
    }

    /// The plan owner's local database as stored now: the device's current store, or the one the
    /// fixed app set aside when another account signed in (nil if unreadable).
    func localDatabase(_ plan: SwissCoinStage.DevicePlan) -> LocalDatabase? {
        let current = currentStore(plan.device)
        let owner = account(plan.owner).userId
        guard let current, let claimed = current.ownerAccountId, claimed != owner else { return current }
        guard let bytes = asideStoreBytes(of: owner, on: plan.device) else { return current }
        return asideStores.decoded(bytes, cache: stage.storeCache(plan.device))
    }

    /// The bytes of the store the fixed app set aside for `userId` on `device` when another
    /// account signed in (nil: none).
    func asideStoreBytes(of userId: String, on device: Device) -> Data? {
        let aside = SetupFiles(device: device)
        return try? aside.read(path: StoreSwitcher(files: aside, defaults: SetupDefaults(device: device)).asidePath(userId))
    }

    /// Changes of `userId` still waiting on `device`: the outbox (and rejected list) of the
    /// device's current store when it is that account's (or no account's), and of the store set
    /// aside for that account.
    func pendingChangeIds(of userId: String, on deviceName: String) -> Set<String> {
        guard let device = stage.sim.devices.first(where: { $0.name == deviceName }) else { return [] }
        var stores: [LocalDatabase] = []
        if let current = currentStore(device), current.ownerAccountId == nil || current.ownerAccountId == userId {
            stores.append(current)
        }
        if let bytes = asideStoreBytes(of: userId, on: device), let aside = asideStores.decoded(bytes, cache: stage.storeCache(device)) {
            stores.append(aside)
        }
        return Set(stores.flatMap { ($0.sync?.outbox ?? []) + ($0.sync?.rejected ?? []) }.map(\.changeId))
    }

    /// The store the device's app opens now (whoever is signed in).
    func currentStore(_ device: Device) -> LocalDatabase? {
        guard device.files.contains("swisscoin/store.json") else { return nil }
        // The device's decoded-store cache answers only for the exact bytes on disk.
        return try? LocalStore(files: SetupFiles(device: device), cache: stage.storeCache(device)).load()
    }
}

/// Decoded set-aside stores by their exact bytes: a store is decoded once however many checkers
/// read it (a decode costs as much as a few hundred simulated requests at the default size).
private final class DecodedAsideStores {
    private var entries: [(bytes: Data, database: LocalDatabase?)] = []

    /// `LocalStore.decode(bytes)`, nil when it fails; without decoding when the device's store
    /// cache knows the copy (the app noted what it set aside).
    func decoded(_ bytes: Data, cache: LocalStoreCache) -> LocalDatabase? {
        if let entry = entries.first(where: { $0.bytes == bytes }) { return entry.database }
        let database = cache.database(forCopy: bytes) ?? (try? LocalStore.decode(bytes))
        entries.append((bytes, database))
        return database
    }
}

/// Expected databases by plan (device and owner): the world's inputs do not change while it is
/// checked, so each is made once.
private final class ExpectedStores {
    private var entries: [String: LocalDatabase] = [:]

    /// The database kept under `key`, made by `make` the first time.
    func value(_ key: String, _ make: () -> LocalDatabase) -> LocalDatabase {
        if let database = entries[key] { return database }
        let database = make()
        entries[key] = database
        return database
    }
}
