import AppPorts
import FakeCloud
import Foundation
import InfiniteStories
import SimCore
import SimHarness

/// One InfiniteStories run's stage: the shared cast (devices, the users' queued actions, launches)
/// plus the REST backend, the accounts, each device's local data and whose credentials its user
/// types, and what the apps reported. Scenarios script it; checkers read the `StoriesWorld` it
/// produces.
final class StoriesStage: Cast<UserAction>, @unchecked Sendable {
    struct Account: Sendable {
        var label: String
        var email: String
        var password: String
        /// nil until the account exists on the server.
        var userId: String?
    }

    /// What the end of the run should look like for a device's data.
    enum Expectation: Sendable, Equatable {
        /// On the server of its owner, synced, migration announced.
        case migrated
        /// The server cannot hold it (a field the backend drops): left local, nothing claimed.
        case refusedByServer
    }

    struct DevicePlan: Sendable {
        var device: Device
        /// The account the store's data belongs to (the first to migrate it).
        var owner: String
        var dataset: StoriesDataset
        var expectation: Expectation = .migrated
    }

    let variant: StoriesVariant
    let size: Int
    let options: StoriesBackend.Options
    let server: RESTServer
    let handle: ServiceHandle<RESTServer>
    let reports = StoriesReports()
    let mix: MediaMix
    private(set) var accounts: [Account] = []
    private(set) var plans: [DevicePlan] = []
    /// The account whose credentials the device's user types when asked (changes on a switch).
    private(set) var credentials: [String: String] = [:]
    /// Per device, what the script does when the app enters a phase. The stage holds the closure:
    /// capture the stage `unowned` in it (healing drops them all, as a second guard).
    var phaseWatchers: [String: (String) -> Void] = [:]
    /// The name each hero had before its last rename, per device, by hero id (what an undo restores).
    var namesBefore: [String: [String: String]] = [:]
    /// Fault storms running per family, and the plan's rate to go back to.
    var storms: [FaultFamily: Int] = [:]
    var stormBase: [FaultFamily: Int] = [:]
    /// Phases each device entered, in order (bounded).
    private(set) var phases: [String: [String]] = [:]

    /// How many times the device's app entered `phase` so far.
    func timesEntered(_ device: Device, _ phase: String) -> Int { phases[device.name]?.filter { $0 == phase }.count ?? 0 }

    /// Records in the run's ledger a hero the user created or renamed on `device` (saved: the app
    /// shows it).
    func userSaved(_ hero: Hero, on device: String) {
        sim.history.observe(process: device, HeroSave.operationName, HeroSave(heroId: hero.id, name: hero.name), at: sim.now.nanoseconds)
    }

    /// The heroes the users saved, read from the run's history.
    var heroSaves: OperationLedger<HeroSave> { OperationLedger(history: sim.history) }

    init(sim: Simulator, variant: StoriesVariant, size: Int, options: StoriesBackend.Options, accessTokenSeconds: Int64?, mix: MediaMix) {
        self.variant = variant
        self.size = size
        self.options = options
        self.mix = mix
        server = RESTServer(definition: StoriesBackend.definition(options), config: StoriesBackend.config(options, accessTokenSeconds: accessTokenSeconds),
                            name: "api")
        handle = sim.network.register(server)
        super.init(sim, app: "infinitestories")
        deviceApp = { [weak self] context in
            guard let self else { return }
            await StoriesDeviceApp(stage: self, plan: self.plan(self.device(context.deviceName))).main(context)
        }
        sim.record("sim", "infinitestories variant=\(variant.name) page-cap=\(options.maxPageSize) hero-deletion=\(options.heroDeletion) "
                   + "token=\(accessTokenSeconds ?? 3600)s unpermitted=\(options.unpermittedStoryField ?? "-")")
        reports.auditUploaded = { [unowned self] device, keys in self.missingOnServer(device, keys) }
        reports.auditContent = { [unowned self] device in self.contentDiffs(device) }
        reports.auditRollback = { [unowned self] device, account in self.rollbackLeftovers(device, account) }
    }

    // MARK: Accounts and devices

    /// An account; `create` signs it up on the server now (setup, off the network), else the
    /// device's user signs up in the app.
    @discardableResult
    func addAccount(_ label: String, create: Bool = true) -> Account {
        var account = Account(label: label, email: "\(label)@example.com", password: "password-\(label)", userId: nil)
        if create {
            let response = direct(HTTPRequest(.post, "/auth/signup", body: .json(["email": .string(account.email), "password": .string(account.password)])),
                                  from: "setup")
            account.userId = response.json?["data"]?["user"]?["id"]?.stringValue
            precondition(account.userId != nil, "sign-up failed in setup: \(response.status)")
        }
        accounts.append(account)
        return account
    }

    func account(_ label: String) -> Account { accounts.first { $0.label == label }! }

    /// The account's server id (after it signed up, in setup or in the app).
    func userId(_ label: String) -> String? {
        if let id = account(label).userId { return id }
        return server.admin.users.first { $0.email == account(label).email }?.id
    }

    /// Adds a device holding `owner`'s local data (drawn from the seed), whose user signs in as `owner`.
    @discardableResult
    func addDevice(_ name: String, owner: String, label: String, expectation: Expectation = .migrated) -> Device {
        var generator = StoriesDatasetGenerator(random: sim.random.fork("stories:dataset:\(name)"), size: size, label: label, mix: mix)
        let dataset = generator.generate()
        let device = addDevice(name, config: DeviceConfig())
        try! dataset.install(on: device)
        plans.append(DevicePlan(device: device, owner: owner, dataset: dataset, expectation: expectation))
        credentials[name] = owner
        return device
    }

    func plan(_ device: Device) -> DevicePlan { plans.first { $0.device === device }! }

    /// The user will type another account's credentials from now on.
    func switchCredentials(_ device: Device, to label: String) {
        credentials[device.name] = label
        sim.record("user", "\(device.name) will sign in as \(label)")
    }

    /// The app entered a phase (its probe tells the kill injector and this).
    func entered(_ device: String, _ phase: String) {
        if phases[device, default: []].count < 200 { phases[device, default: []].append(phase) }
        if phase == "export" || phase == "catch-up", let plan = plans.first(where: { $0.device.name == device }) {
            let keys = LocalData(device: plan.device).keys
            reports.update(device) { $0.snapshot = keys }
        }
        phaseWatchers[device]?(phase)
    }

    func hasEntered(_ device: Device, _ phase: String) -> Bool { phases[device.name]?.contains(phase) ?? false }

    // MARK: Server access off the network

    /// Hands a request to the server at once (setup, the web): `caller` names who sent it.
    @discardableResult
    func direct(_ request: HTTPRequest, from caller: String) -> HTTPResponse {
        server.handle(request, context: ServiceContext(now: sim.now, caller: caller, requestNumber: 0, trace: sim.trace))
    }

    /// A session token for the account, off the network (the web client signing in).
    func webToken(_ label: String) -> String? {
        let account = self.account(label)
        let response = direct(HTTPRequest(.post, "/auth/signin", body: .json(["email": .string(account.email), "password": .string(account.password)])),
                              from: "web")
        return response.json?["data"]?["access_token"]?.stringValue
    }
}

/// What a user does in the app while it runs.
enum UserAction: Sendable, Equatable {
    /// Creates a hero (no avatar).
    case createHero(name: String)
    /// Renames the `pick`-th hero (by creation order).
    case renameHero(pick: Int, name: String)
    /// Undoes the last rename of the `pick`-th hero: it gets back the name it had before.
    case undoRename(pick: Int)
    /// Taps Cancel on the migration screen.
    case cancelMigration
    /// Taps Sign Out.
    case signOut
    /// Signs in on the sheet the app shows (with the credentials the user has now).
    case signIn
}
