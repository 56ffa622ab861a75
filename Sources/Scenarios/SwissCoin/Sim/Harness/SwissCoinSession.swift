import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// The app after its migration: the user's scripted actions and the sync loop, side by side in
/// one process (as the UI and a background sync task are). Both run on the device's executor and
/// interleave only at awaits; each store access between two awaits is one load-modify-save.
struct SwissCoinSession {
    let context: DeviceContext
    let client: SimSupabaseClient
    let store: LocalStore
    let defaults: any KeyValueStore
    let files: any LocalFileStore
    let variant: SwissCoinVariant
    let sync: SyncProgress
    let script: UserScript
    /// Where the app says which phase it entered (the kill injector's cue).
    var probe: any PhaseProbe = NoPhaseProbe()
    /// Changes per pulled page (`SyncEngine.pullPageSize`).
    var pullPageSize = SyncEngine.defaultPullPageSize

    /// Shared between the script and the sync loop (same thread; see the type's comment).
    final class Shared: @unchecked Sendable {
        var scriptDone = false
        var restart = false
        /// Pushes the sync loop's passes had acknowledged (a `whilePushing` step's cue).
        var acknowledged = 0
        /// Sync passes begun (a `whilePulling` step's cue counts from its time).
        var passesBegun = 0
        /// When the current (or last) pass began (ns).
        var passBeganAt: Int64 = 0
        /// What the current pass does: pushing (from `sync.push`), pulling (from `sync.pull`), or
        /// no pass running.
        var phase = PassPhase.idle
        /// When the sync loop's pause after its last pass ends (ns; a `whilePulling` step sleeps
        /// until then instead of polling through the pause).
        var nextPassAt: Int64 = 0
        /// The sync loop has returned (signed out, switched, or done): no pass begins any more.
        var syncEnded = false
        let session: SwissCoinSession
        init(_ session: SwissCoinSession) { self.session = session }
    }

    /// Runs until the script is done and the store is in step with the server; returns whether
    /// the user signed in again (the app's flow starts over for that account).
    func run() async -> Bool {
        guard let account = await readyAccount() else { return false }
        if pullPageSize != SyncEngine.defaultPullPageSize { context.record("harness pulls pages of \(pullPageSize) changes") }
        let shared = Shared(self)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await shared.session.runScript(account, shared) }
            group.addTask { await shared.session.syncLoop(account, shared) }
        }
        return shared.restart
    }

    /// The account to sync, when the store is that account's and on the server: its completion
    /// flag is set (per account, or the seed's device-wide flag: SC-4), or the device has no
    /// local data of its own. Fixed: a store another account claimed is set aside first.
    func readyAccount() async -> String? {
        guard let account = await client.currentSession()?.userId else { return nil }
        let flagKey = variant.has(.globalCompletionFlag)
            ? AppDefaultsKeys.migrationCompleted : AppDefaultsKeys.migrationCompleted(account: account)
        if defaults.bool(forKey: flagKey) { return account }
        if !variant.has(.crossAccountUpload), let owner = (try? store.load())?.ownerAccountId, owner != account {
            probe.enter("store-switch")
            guard (try? StoreSwitcher(files: files, defaults: defaults, store: store).switchStore(from: owner, to: account)) == true else { return nil }
            context.record("app store of \(owner.prefix(8)) set aside for \(account.prefix(8))")
            if defaults.bool(forKey: flagKey) { return account }
        }
        if defaults.string(forKey: AppDefaultsKeys.currentUserId) == nil {
            // A device with no data of its own: nothing to migrate; it starts from the server's.
            if !variant.has(.crossAccountUpload) {
                var db = (try? store.load()) ?? LocalDatabase()
                if db.ownerAccountId == nil {
                    db.ownerAccountId = account
                    try? store.save(db)
                }
            }
            return account
        }
        return nil
    }

    func engine() -> SyncEngine {
        let engine = SyncEngine(
            client: client, store: store, clock: DeviceWallClock(context), variant: variant,
            defaultCurrency: defaults.string(forKey: AppDefaultsKeys.defaultCurrency) ?? "USD",
            log: { context.record("app \($0)") })
        engine.probe = probe
        engine.pullPageSize = pullPageSize
        return engine
    }

    // MARK: The user

    func runScript(_ account: String, _ shared: Shared) async {
        defer { shared.scriptDone = true }
        if let owner = script.account, owner != account { return }
        let edits = LocalEdits(store: store, ids: DeviceIDGenerator(context), clock: DeviceWallClock(context))
        let origin = sync.origin(context.deviceName, now: context.clock.now.nanoseconds)
        // Steps still ahead when this session starts (a relaunch skips the ones that passed); once
        // started, each runs even when an earlier one took long.
        let start = context.clock.now.nanoseconds
        let ahead = script.steps.filter { origin + $0.atMilliseconds * 1_000_000 >= start }
        for step in ahead {
            let wait = origin + step.atMilliseconds * 1_000_000 - context.clock.now.nanoseconds
            if wait > 0 { try? await context.sleep(for: .nanoseconds(wait)) }
            switch step.cue {
            case .none: break
            case .whilePushing: await waitUntilPushing(shared)
            case .whilePulling: await waitUntilPulling(shared)
            }
            guard context.isAlive, !Task.isCancelled else { return }
            let signedIn = await client.currentSession()?.userId
            switch step.action {
            case .signOut:
                probe.enter("sign-out")
                try? context.removeFile(SwissCoinDeviceApp.credentialsPath)
                try? await client.signOut()
                context.record("app user signed out")
                signedOut()
                continue
            case .signIn(let email, let password):
                probe.enter("sign-in")
                let typed = #"{"email":"\#(email)","password":"\#(password)"}"#
                try? context.writeFile(SwissCoinDeviceApp.credentialsPath, Array(typed.utf8))
                if await SwissCoinDeviceApp.signIn(client, context, email: email, password: password) {
                    context.record("app user signed in")
                    shared.restart = true
                    return
                }
                continue
            default:
                break
            }
            guard signedIn == account else { continue }  // signed out: the edit screens are gone
            probe.enter("edit")
            do {
                if let change = try perform(step.action, edits) {
                    let edit = SyncOperation.edit(account: account, change: change, intended: intended(change, step.action.editedGroups))
                    context.observe(edit.operationName, edit)
                    context.record("app edit \(change.kind.rawValue) \(change.table) \(change.entityId.prefix(8)) \(change.groups.joined(separator: ","))")
                }
            } catch {
                context.record("app edit failed: \(error)")
            }
        }
    }

    /// Waits until a pass has had a push acknowledged since now and still has changes to push
    /// (polled every 20 virtual ms, at most `UserScript.cueBoundMilliseconds`).
    func waitUntilPushing(_ shared: Shared) async {
        let before = shared.acknowledged
        let bound = context.clock.now.nanoseconds + UserScript.cueBoundMilliseconds * 1_000_000
        while context.isAlive, !Task.isCancelled, context.clock.now.nanoseconds < bound {
            if shared.acknowledged > before, ((try? store.load())?.sync?.outbox.isEmpty ?? true) == false {
                context.record("app user acts while a pass is pushing")
                context.sometimes("swisscoin: the user acted mid-push")
                return
            }
            try? await context.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until the pass that pushes what the user saved so far is pulling (at most
    /// `UserScript.cueBoundMilliseconds`, and not once the sync loop has ended): the pass pushing
    /// now, whose push loop still reads the outbox, or else the next one. Its pull brings back what
    /// it pushed, so a page may hold the entity the user is about to edit. Polled every 10 virtual
    /// ms, every 100 ms once a pass has run 2 s (a push held up by timeouts); the loop's pause
    /// between passes is slept through.
    func waitUntilPulling(_ shared: Shared) async {
        let before = shared.phase == .pushing ? shared.passesBegun - 1 : shared.passesBegun
        let bound = context.clock.now.nanoseconds + UserScript.cueBoundMilliseconds * 1_000_000
        while context.isAlive, !Task.isCancelled, !shared.syncEnded, context.clock.now.nanoseconds < bound {
            if shared.passesBegun > before, shared.phase == .pulling {
                context.record("app user acts while a pass is pulling")
                context.sometimes("swisscoin: the user acted mid-pull")
                return
            }
            let now = context.clock.now.nanoseconds
            let longPass = shared.phase != .idle && now - shared.passBeganAt >= 2_000_000_000
            let poll: Int64 = longPass ? 100_000_000 : 10_000_000
            let pause = shared.phase == .idle && shared.nextPassAt > now + poll
            let wait = pause ? min(shared.nextPassAt, bound) - now : poll
            try? await context.sleep(for: .nanoseconds(wait))
        }
    }

    func perform(_ action: UserScript.Action, _ edits: LocalEdits) throws -> OutboxChange? {
        let db = try store.load()
        let persons = db.persons.compactMap(\.id).sorted()
        let transactions = db.transactions.compactMap(\.id).sorted()
        let currency = defaults.string(forKey: AppDefaultsKeys.defaultCurrency) ?? "USD"
        func pick(_ ids: [String], _ index: Int) -> String? { ids.isEmpty ? nil : ids[index % ids.count] }
        switch action {
        case .renamePerson(let index, let name):
            guard let id = pick(persons, index) else { return nil }
            return try edits.renamePerson(id, to: name)
        case .editContact(let index, let phone, let color):
            guard let id = pick(persons, index) else { return nil }
            return try edits.editContact(id, phone: phone, colorHex: color)
        case .archivePerson(let index, let archived):
            guard let id = pick(persons, index) else { return nil }
            return try edits.setArchived(id, archived)
        case .retitle(let index, let title):
            guard let id = pick(transactions, index) else { return nil }
            return try edits.retitleTransaction(id, title: title, note: "edited on \(context.deviceName)")
        case .changeAmount(let index, let percent):
            guard let id = pick(transactions, index), let tx = db.transactions.first(where: { $0.id == id }) else { return nil }
            let minor = MinorUnits.from(tx.amount, currency: tx.currency ?? currency)
            return try edits.changeAmount(id, toMinor: max(1, minor * Int64(percent) / 100), defaultCurrency: currency)
        case .resplit(let index, let debtor):
            guard let id = pick(transactions, index), let replacement = pick(persons, index + debtor) else { return nil }
            return try edits.resplit(id, droppingDebtorAt: debtor, replacement: replacement, defaultCurrency: currency)
        case .create(let title, let minor, let debtors):
            guard let me = defaults.string(forKey: AppDefaultsKeys.currentUserId) ?? db.ownerAccountId else { return nil }
            let others = persons.filter { $0 != me }
            let chosen = Array(others.prefix(max(1, debtors)))
            return try edits.createTransaction(title: title, minor: minor, currency: currency, payer: me, debtors: [me] + chosen,
                                               createdBy: me)
        case .delete(let index):
            guard let id = pick(transactions, index) else { return nil }
            return try edits.deleteTransaction(id)
        case .signOut, .signIn:
            return nil
        }
    }

    /// The row values the user set in `groups` (the action's, not the change's), as a push would
    /// read them from the store now (empty for a delete or an entity no longer there); a new
    /// transaction's day is the one the user created it on (this device's clock now, in the
    /// store's zone), not the one the app stored. A money edit also yields who shares and who paid
    /// (`UserEdits.splitsColumn`, `payersColumn`): a new split set with the same amount is an
    /// edit too.
    func intended(_ change: OutboxChange, _ groups: [SyncFieldGroup]) -> CloudRow {
        guard change.kind != .delete, let db = try? store.load() else { return [:] }
        let codec = SyncRowCodec(defaultCurrency: defaults.string(forKey: AppDefaultsKeys.defaultCurrency) ?? "USD",
                                 offsetSeconds: db.timeZoneOffsetSeconds)
        switch change.table {
        case SyncTables.persons:
            return db.persons.first { $0.id == change.entityId }.map { codec.fields($0, groups) } ?? [:]
        case SyncTables.transactions:
            guard let tx = db.transactions.first(where: { $0.id == change.entityId }) else { return [:] }
            var fields = change.kind == .create ? codec.createFields(tx) : codec.fields(tx, groups)
            if change.kind == .create {
                fields.row["date"] = .string(DateText.dateOnly(milliseconds: DeviceWallClock(context).nowMilliseconds,
                                                              offsetSeconds: db.timeZoneOffsetSeconds))
            }
            let currency = tx.currency ?? codec.defaultCurrency
            if let splits = UserEdits.children(fields.splits, person: "owed_by_id", currency: currency) {
                fields.row[UserEdits.splitsColumn] = splits
            }
            if let payers = UserEdits.children(fields.payers, person: "paid_by_id", currency: currency) {
                fields.row[UserEdits.payersColumn] = payers
            }
            return fields.row
        default:
            return [:]
        }
    }

    /// What the app does once nobody is signed in (the user signed out, or the SDK ended a revoked
    /// session). Fixed: nothing; the store stays its owner's, unsynced changes included, and is set
    /// aside if another account signs in (`StoreSwitcher`). `wipe-on-sign-out`: the store is
    /// cleared for the next user's privacy, outbox and all.
    func signedOut() {
        guard variant.has(.wipeOnSignOut), let db = try? store.load(), db.ownerAccountId != nil || db.sync != nil else { return }
        let pending = db.sync?.outbox.count ?? 0
        try? store.save(LocalDatabase(timeZoneOffsetSeconds: db.timeZoneOffsetSeconds))
        defaults.set(nil, forKey: AppDefaultsKeys.currentUserId)
        _ = defaults.synchronize()
        context.record("app local data cleared at sign-out (\(pending) unsynced changes)")
    }

    // MARK: Sync

    func syncLoop(_ account: String, _ shared: Shared) async {
        defer { shared.syncEnded = true }
        let engine = self.engine()
        engine.probe = PassPhases(inner: probe, shared: shared)
        let device = context.deviceName
        engine.onAcknowledged = { [sync, context] ack in
            shared.acknowledged += 1
            sync.pushSettled()
            let answered = SyncOperation.acknowledged(account: account, ack: ack)
            context.observe(answered.operationName, answered)
        }
        var attempt = 0
        while context.isAlive, !Task.isCancelled {
            // Signed out or switched: this account's loop ends (a new sign-in starts another).
            let current = await client.currentSession()?.userId
            guard current == account else {
                if current == nil { signedOut() }  // e.g. the SDK ended a revoked session
                return
            }
            do {
                defer { shared.phase = .idle }
                let pass = try await engine.sync()
                sync.passEnded(device, error: nil)
                if pass.pulled > pullPageSize { context.sometimes("swisscoin: a pull took several pages") }
                attempt = 0
                let caughtUp = pass.pushed == 0 && pass.pulled == 0 && !engine.hasPendingChanges
                if shared.scriptDone && caughtUp { return }
            } catch {
                sync.passEnded(device, error: "\(error)")
                context.record("app sync failed: \(error)")
                attempt += 1
                if shared.scriptDone && attempt > 6 { return }  // the user closes the app; healing reopens it
            }
            let pause = script.syncIntervalMilliseconds + Int64(context.randomBelow(1_000))
            shared.nextPassAt = context.clock.now.nanoseconds + pause * 1_000_000
            try? await context.sleep(for: .milliseconds(pause))
        }
    }
}

/// What a session's sync pass is doing (a `whilePulling` step's cue).
enum PassPhase {
    case idle, pushing, pulling
}

/// The sync engine's phase probe in a session: tells the kill injector's probe, and keeps the
/// pass count and whether the pass is pulling for the user's cued steps.
private struct PassPhases: PhaseProbe {
    let inner: any PhaseProbe
    let shared: SwissCoinSession.Shared

    func enter(_ phase: String) {
        switch phase {
        case "sync.push":
            shared.passesBegun += 1
            shared.passBeganAt = shared.session.context.clock.now.nanoseconds
            shared.phase = .pushing
        case "sync.pull":
            shared.phase = .pulling
        default:
            break
        }
        inner.enter(phase)
    }
}
