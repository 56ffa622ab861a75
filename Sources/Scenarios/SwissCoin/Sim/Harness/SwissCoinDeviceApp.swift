import AppPorts
import FakeCloud
import Foundation
import SimCore
import SimHarness
import SwissCoin

/// What the app said about itself, per device, for the checkers (status truthfulness).
final class AppReports: @unchecked Sendable {
    struct Report: Sendable {
        var completedRuns = 0
        var lastEntityCounts: [String: Int] = [:]
        var lastError: String?
        var attempts = 0
        /// Accounts (auth ids) this device told its user "Migration complete!" for, in order.
        var announcedComplete: [String] = []
        /// Migration attempts started for an account after it was announced complete (launch, account).
        var rerunsAfterCompletion: [(launch: Int, account: String)] = []
        /// Balance differences between this device's data and the server at the moment the app
        /// announced completion (launch, differences): what the app's own verification missed.
        var unverifiedCompletions: [(launch: Int, diffs: [EntityDiff])] = []
        /// Per-entity counts the UI showed for a step the running attempt had not reached yet
        /// (launch, step being started, count key, value); at most a few are kept.
        var staleCountsShown: [(launch: Int, step: Int, key: String, value: Int)] = []
    }

    /// The `entityCounts` key each step writes, index = step − 1.
    static let countKeys = ["Profile", "Current User", "Persons", "Groups", "Group Members", "Subscriptions",
                            "Subscription Subscribers", "Transactions", "Splits", "Payers", "Settlements", "Reminders",
                            "Messages", "Sub Payments", "Sub Settlements", "Sub Reminders"]

    private(set) var byDevice: [String: Report] = [:]
    /// Per device, what the harness does when the app starts a migration step (a kill armed at a
    /// swept step). The app calls it from its own task, like a UI observing `currentStep`.
    var stepWatchers: [String: (Int) -> Void] = [:]

    func update(_ device: String, _ change: (inout Report) -> Void) {
        change(&byDevice[device, default: Report()])
    }

    func stepStarted(_ device: String, _ step: Int) {
        stepWatchers[device]?(step)
    }

    /// The UI's progress screen as a step starts: counts of steps this attempt has not reached are
    /// left over from an earlier attempt.
    func noteCounts(_ device: String, launch: Int, step: Int, shown: [String: Int]) {
        for key in Self.countKeys[(step - 1)...] {
            guard let value = shown[key] else { continue }
            update(device) { report in
                if report.staleCountsShown.count < 4 { report.staleCountsShown.append((launch, step, key, value)) }
            }
        }
    }

    /// What the harness checks when an app announces completion (set by the stage): the balance
    /// differences it sees at that instant.
    var completionAudit: ((String) -> [EntityDiff])?

    func completionAnnounced(_ device: String, launch: Int) {
        guard let diffs = completionAudit?(device), !diffs.isEmpty else { return }
        update(device) { $0.unverifiedCompletions.append((launch, diffs)) }
    }
}

/// The Swiss Coin app process on a simulated device: what `.task` in the seed's root view does on
/// every launch — restore the session (or sign in with the credentials the user typed), then
/// `if shouldRunMigration() { runMigration() }`, and let the user tap Retry after a failure.
struct SwissCoinDeviceApp: Sendable {
    static let credentialsPath = "app/credentials.json"

    let server: ServiceHandle<SupabaseServer>
    let variant: SwissCoinVariant
    let reports: AppReports
    /// The device's decoded-store cache, kept across launches (see `LocalStoreCache`).
    let storeCache: LocalStoreCache
    /// The user scripts of devices that keep syncing after the migration, and how their syncing goes.
    let sync: SyncProgress
    /// Where the app says which phase it entered (the kill injector's cue).
    var probe: any PhaseProbe = NoPhaseProbe()
    /// How many times the user taps Retry in one launch before giving up until the next launch.
    var retriesPerLaunch = 4
    /// Changes per pulled page (`SyncEngine.pullPageSize`).
    var pullPageSize = SyncEngine.defaultPullPageSize

    func main(_ context: DeviceContext) async {
        while true {
            let client = SimSupabaseClient(context: context, server: server, label: SwissCoinApp.name)
            await migrate(context, client)
            // After the migration: the user's actions and the sync loop, for devices given a script.
            guard context.isAlive, !Task.isCancelled, let script = sync.scripts[context.deviceName] else { return }
            let session = SwissCoinSession(
                context: context, client: client, store: LocalStore(files: DeviceFileStore(context), cache: storeCache),
                defaults: DeviceKeyValueStore(context), files: DeviceFileStore(context), variant: variant, sync: sync, script: script,
                probe: probe, pullPageSize: pullPageSize)
            guard await session.run() else { return }
        }
    }

    /// The seed's root view `.task`: sign in, then `if shouldRunMigration() { runMigration() }`,
    /// with the user tapping Retry after a failure.
    func migrate(_ context: DeviceContext, _ client: SimSupabaseClient) async {
        let files = DeviceFileStore(context)
        let defaults = DeviceKeyValueStore(context)
        guard await signInIfNeeded(client, context) else { return }
        let migration = MigrationService(
            client: client, store: LocalStore(files: files, cache: storeCache), defaults: defaults,
            clock: DeviceWallClock(context), ids: DeviceIDGenerator(context),
            variant: variant, log: { context.record("app \($0)") })
        let reports = self.reports, probe = self.probe
        migration.onStepStarted = { [unowned migration] step in
            reports.noteCounts(context.deviceName, launch: context.incarnation, step: step, shown: migration.entityCounts)
            reports.stepStarted(context.deviceName, step)
            probe.enter(MigrationKill.phase(step))
        }
        if !variant.has(.crossAccountUpload), let session = await client.currentSession() {
            // Fixed: the local store belongs to the first account that signs in on it, claimed
            // before anything is uploaded (a store claimed by another account is refused later).
            try? migration.claimStore(for: session.userId)
        }
        for attempt in 0...retriesPerLaunch {
            guard !Task.isCancelled, context.isAlive else { return }
            guard await migration.shouldRunMigration() else { return }
            if attempt > 0 {
                // The user reads the error and taps Retry a little later.
                try? await context.sleep(for: .seconds(Int64(2 + context.randomBelow(20))))
                guard !Task.isCancelled, context.isAlive else { return }
            }
            let operation = context.invoke("migration", detail: "attempt \(attempt + 1)")
            let account = await client.currentSession()?.userId ?? ""
            reports.update(context.deviceName) { report in
                report.attempts += 1
                if report.announcedComplete.contains(account) {
                    report.rerunsAfterCompletion.append((context.incarnation, account))
                    context.record("app migration started again after it was announced complete")
                }
            }
            await migration.runMigration()
            guard context.isAlive else { return }  // killed or torn down mid-run: this process says nothing more
            if let error = migration.errorMessage {
                context.complete(operation, .failed)
                context.record("app migration failed: \(error)")
                reports.update(context.deviceName) { $0.lastError = error }
            } else {
                context.complete(operation, .ok)
                context.record("app migration complete")
                context.sometimes("swisscoin: migration completed")
                reports.update(context.deviceName) {
                    $0.completedRuns += 1
                    $0.lastEntityCounts = migration.entityCounts
                    $0.lastError = nil
                    if !$0.announcedComplete.contains(account) { $0.announcedComplete.append(account) }
                }
                reports.completionAnnounced(context.deviceName, launch: context.incarnation)
            }
        }
    }

    /// The session from the Keychain, or a sign-in with the user's credentials (retried on
    /// transport errors, as a user would).
    func signInIfNeeded(_ client: SimSupabaseClient, _ context: DeviceContext) async -> Bool {
        if await client.currentSession() != nil { return true }
        guard let bytes = context.readFile(Self.credentialsPath),
              let credentials = try? JSONDecoder().decode([String: String].self, from: Data(bytes)),
              let email = credentials["email"], let password = credentials["password"]
        else { return false }
        return await Self.signIn(client, context, email: email, password: password)
    }

    /// A sign-in the user tries again after a failure, up to 10 times, a few seconds apart.
    static func signIn(_ client: SimSupabaseClient, _ context: DeviceContext, email: String, password: String) async -> Bool {
        for _ in 0..<10 {
            guard !Task.isCancelled, context.isAlive else { return false }
            do {
                _ = try await client.signIn(email: email, password: password)
                return true
            } catch {
                try? await context.sleep(for: .seconds(Int64(1 + context.randomBelow(10))))
            }
        }
        return false
    }
}
