import AppPorts
import FakeCloud
import Foundation
import InfiniteStories
import SimCore
import SimHarness

/// The InfiniteStories app process on a simulated device: the migration flow of the seed's
/// screens (onboarding → "Get Started" → sign in or sign up → `startMigration()`, with the user
/// tapping Get Started again after a failure) beside the rest of the UI, where the user creates
/// and edits heroes, cancels or signs out while the migration runs.
struct StoriesDeviceApp: Sendable {
    let stage: StoriesStage
    let plan: StoriesStage.DevicePlan
    /// Times the user taps Get Started again in one launch after a failure.
    var attemptsPerLaunch = 3

    /// The app's objects of one launch.
    struct Process: @unchecked Sendable {
        let context: DeviceContext
        let auth: AuthManager
        let cache: CacheManager
        let manager: MigrationManager
        let flowDone: FlowFlag
    }

    func main(_ context: DeviceContext) async {
        let files = DeviceFileStore(context)
        let transport = DeviceHTTPTransport(context, service: stage.handle)
        let auth = AuthManager(transport: transport, files: files)
        guard let cache = try? CacheManager(files: files) else { return }
        let stage = self.stage, device = context.deviceName
        let killProbe = stage.kills.probe(for: plan.device)
        let manager = MigrationManager(
            cache: cache, api: APIClient(transport: transport, auth: auth), auth: auth, files: files,
            defaults: DeviceKeyValueStore(context), clock: DeviceWallClock(context), ids: DeviceIDGenerator(context),
            locator: MediaLocator(files: files, containerPath: plan.dataset.containerPath, variant: stage.variant),
            variant: stage.variant, probe: StagePhaseProbe(kills: killProbe, stage: stage, device: device),
            installId: plan.dataset.installId, sleep: { try await context.sleep(for: .milliseconds($0)) })
        let observer = stage.reports.observer(for: device)
        manager.observer = observer
        let process = Process(context: context, auth: auth, cache: cache, manager: manager, flowDone: FlowFlag())
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await flow(process); process.flowDone.isSet = true; _ = observer }
            group.addTask { await userInterface(process) }
        }
    }

    /// The onboarding flow, on every launch.
    func flow(_ p: Process) async {
        for attempt in 0..<attemptsPerLaunch {
            if attempt > 0 { try? await p.context.sleep(for: .seconds(Int64(5 + p.context.randomBelow(25)))) }
            if let account = p.manager.pendingRollbackAccount {
                // Fixed: an unfinished rollback is finished first, under its account.
                if p.auth.userId != account { guard await signIn(p, as: account), p.auth.userId == account else { return } }
                guard await p.manager.rollbackMigration() else { continue }
            }
            guard p.context.isAlive, p.manager.checkMigrationNeeded() else { return }
            if !p.auth.isAuthenticated {
                guard await signIn(p, as: nil) else { return }
            }
            guard let user = p.auth.userId, p.manager.canMigrate(into: user) else { return }
            stage.reports.update(p.context.deviceName) { $0.attempts += 1 }
            let operation = p.context.invoke("migration", detail: "attempt \(attempt + 1)")
            let outcome = await p.manager.startMigration()
            guard p.context.isAlive else { return }
            switch outcome {
            case .completed:
                p.context.complete(operation, .ok)
                p.context.sometimes("infinitestories: migration completed")
                stage.reports.update(p.context.deviceName) { $0.lastError = nil }
            case .failed(let error, let rolledBack):
                p.context.complete(operation, .failed)
                p.context.record("app migration failed: \(error) rolled-back=\(rolledBack)")
                if rolledBack { p.context.sometimes("infinitestories: rolled back") }
                stage.reports.update(p.context.deviceName) { $0.lastError = error.description }
            }
        }
    }

    /// The sign-in sheet: the user types the credentials they have for `account` (nil: whoever
    /// they sign in as now). A new account is signed up first (409 when it exists: sign in).
    /// Tries a few times on transport errors, as a user would.
    func signIn(_ p: Process, as account: String?) async -> Bool {
        guard let label = stage.credentials[p.context.deviceName] else { return false }
        // The user knows one password at a time: a rollback of another account waits for it.
        if let account, stage.label(ofUser: account) != label { return false }
        let credentials = stage.account(label)
        p.manager.probe.enter("sign-in")
        for _ in 0..<5 {
            guard p.context.isAlive else { return false }
            do {
                if stage.userId(label) == nil {
                    do {
                        try await p.auth.signUp(email: credentials.email, password: credentials.password, name: label)
                    } catch APIError.http(status: 409, _, _) {
                        try await p.auth.signIn(email: credentials.email, password: credentials.password)
                    }
                } else {
                    try await p.auth.signIn(email: credentials.email, password: credentials.password)
                }
                return true
            } catch {
                try? await p.context.sleep(for: .seconds(Int64(2 + p.context.randomBelow(8))))
            }
        }
        return false
    }

    /// The rest of the app: queued user actions, until the flow is done and the script has
    /// nothing more for this device.
    func userInterface(_ p: Process) async {
        let name = p.context.deviceName
        while p.context.isAlive {
            if let (id, action) = stage.takeNumberedAction(name) {
                await perform(action, p)
                stage.markDone(id)
                continue
            }
            if p.flowDone.isSet && stage.isFinished(name) { return }
            try? await p.context.sleep(for: .milliseconds(250))
        }
    }

    /// Renames a hero as the user does (the app marks the edit for the sync engine).
    private func rename(_ hero: Hero, to newName: String, _ p: Process) {
        var renamed = hero
        renamed.name = newName
        renamed.serverSyncStatus = .pending
        guard (try? p.cache.save(renamed)) != nil else { return }
        stage.namesBefore[p.context.deviceName, default: [:]][hero.id] = hero.name
        stage.userSaved(renamed, on: p.context.deviceName)
    }

    private func perform(_ action: UserAction, _ p: Process) async {
        let name = p.context.deviceName
        switch action {
        case .createHero(let heroName):
            let hero = Hero(id: p.context.makeUUID(), name: heroName, age: 6, traits: ["brave"],
                            createdAtMilliseconds: p.context.wallClockMilliseconds())
            if (try? p.cache.save(hero)) != nil { stage.userSaved(hero, on: name) }
        case .renameHero(let pick, let newName):
            let heroes = p.cache.fetchAll(Hero.self)
            guard !heroes.isEmpty else { return }
            rename(heroes[pick % heroes.count], to: newName, p)
        case .undoRename(let pick):
            let heroes = p.cache.fetchAll(Hero.self)
            guard !heroes.isEmpty else { return }
            let hero = heroes[pick % heroes.count]
            guard let before = stage.namesBefore[name]?[hero.id], before != hero.name else { return }
            p.context.sometimes("infinitestories: user undid a rename")
            rename(hero, to: before, p)
        case .cancelMigration:
            p.context.sometimes("infinitestories: user cancelled")
            if stage.variant.has(.cancelDoesNotStopUpload) {
                // The seed: Cancel runs the rollback; the upload task is not stopped.
                await p.manager.rollbackMigration()
            } else {
                p.manager.requestCancel()
            }
        case .signOut:
            await p.auth.signOut()
        case .signIn:
            _ = await signIn(p, as: nil)
        }
    }
}

/// Set once the launch's migration flow returned.
final class FlowFlag: @unchecked Sendable {
    var isSet = false
}

/// The probe the app's code gets: it tells the kill injector and the stage.
struct StagePhaseProbe: PhaseProbe, @unchecked Sendable {
    let kills: any PhaseProbe
    let stage: StoriesStage
    let device: String

    func enter(_ phase: String) {
        stage.entered(device, phase)
        kills.enter(phase)
    }
}
