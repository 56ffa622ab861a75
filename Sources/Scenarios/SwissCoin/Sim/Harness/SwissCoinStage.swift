import AppPorts
import FakeCloud
import Foundation
import SimCore
import SimHarness
import SwissCoin

/// One Swiss Coin run's stage: the shared cast (devices in order, launches, the kill injector)
/// plus the fake Supabase, the accounts, the devices' local data and what the app reported. The
/// users act through scripts `SyncProgress` holds, not through the cast's action queues.
/// Scenarios build on it; checkers read the `world()` it produces.
final class SwissCoinStage: Cast<Never>, @unchecked Sendable {
    /// A Supabase account in the run.
    struct Account: Sendable {
        var label: String
        var email: String
        var password: String
        var userId: String
    }

    /// A device and the data its local store held before the migration.
    struct DevicePlan: Sendable {
        var device: Device
        /// The account whose data the local store holds.
        var owner: String
        var dataset: SwissCoinDataset
    }

    let variant: SwissCoinVariant
    let server: SupabaseServer
    let handle: ServiceHandle<SupabaseServer>
    let reports = AppReports()
    /// User scripts after the migration and the sync engine's edits and acknowledgements.
    let sync = SyncProgress()
    /// One decoded-store cache per device, kept across relaunches (speed only).
    private var storeCaches: [String: LocalStoreCache] = [:]
    let size: Int
    private(set) var accounts: [Account] = []
    private(set) var plans: [DevicePlan] = []
    /// Changes per pulled page in this run's sync sessions: the app's 200 in half the seeds, a
    /// small page in the others, so that the small dataset (fewer than 200 changes per account)
    /// also pulls in several pages and a paging bug cannot hide at `--size 0`. The small page
    /// grows with `--size` (at most to the app's): a pull takes about as many pages at every
    /// size, instead of hundreds, each saving the whole store.
    let pullPageSize: Int
    /// What `pullPageSize` is drawn from, each entry equally likely.
    static let pullPageSizes = [SyncEngine.defaultPullPageSize, SyncEngine.defaultPullPageSize, SyncEngine.defaultPullPageSize, 7, 13, 50]

    /// Where each device's session should end up (changed by account switches).
    var signedIn: [String: String] = [:]
    /// Field values the user changed on the web and the server acknowledged (no-lost-update).
    var webEdits: [AcknowledgedEdit] = []

    init(sim: Simulator, variant: SwissCoinVariant, size: Int, config: SupabaseConfig = SupabaseConfig()) {
        self.variant = variant
        self.size = size
        var pages = sim.random.fork("swisscoin:pull-page")
        pullPageSize = min(SyncEngine.defaultPullPageSize, Self.pullPageSizes[pages.below(Self.pullPageSizes.count)] * max(1, size))
        var schema = sim.random.fork("swisscoin:schema")
        // The fix for SC-9 needs a unique (group_id, person_id) constraint; the seed's schema may or
        // may not have one (bug zoo SC-9: duplicates without, stuck with), so the seed decides.
        let unique = variant.has(.joinUpsertWithoutConflictTarget) ? schema.chance(1, in: 2) : true
        server = SupabaseServer(
            backend: SwissCoinBackend.definition(.init(uniqueJoinRows: unique)),
            random: sim.random.fork("supabase"), config: config)
        handle = sim.network.register(server)
        super.init(sim, app: "swisscoin")
        deviceApp = { [weak self] context in
            guard let self else { return }
            let device = self.device(context.deviceName)
            var app = SwissCoinDeviceApp(server: self.handle, variant: self.variant, reports: self.reports, storeCache: self.storeCache(device),
                                         sync: self.sync, probe: self.kills.probe(for: device))
            app.pullPageSize = self.pullPageSize
            await app.main(context)
        }
        reports.completionAudit = { [weak self] device in self?.balanceDiffsNow(device) ?? [] }
        let lifetime = config.accessTokenSeconds == SupabaseConfig().accessTokenSeconds ? "" : " token-lifetime=\(config.accessTokenSeconds)s"
        sim.record("sim", "swisscoin variant=\(variant.name) unique-join-rows=\(unique)\(lifetime)")
    }

    /// Signs an account up on the server (setup, outside the network).
    @discardableResult
    func createAccount(_ label: String) -> Account {
        let email = "\(label)@example.com", password = "pw-\(label)-1"
        let response = direct(SupabaseRequest(accessToken: nil, .auth(.signUp(email: email, password: password))), from: "setup")
        let userId = response.body["user"]?["id"]?.stringValue ?? response.body["id"]?.stringValue ?? ""
        precondition(!userId.isEmpty, "sign-up failed in setup: \(response.status) \(response.body.canonicalText)")
        let account = Account(label: label, email: email, password: password, userId: userId)
        accounts.append(account)
        return account
    }

    func account(_ label: String) -> Account { accounts.first { $0.label == label }! }

    /// A dataset drawn from the seed for one device (its own stream per device name).
    func dataset(for deviceName: String, utcOffsetSeconds: Int? = nil) -> SwissCoinDataset {
        var generator = DatasetGenerator(
            random: sim.random.fork("dataset:\(deviceName)"), size: Self.datasetSize(size),
            timeZoneOffsetSeconds: utcOffsetSeconds)
        return generator.generate()
    }

    /// The size knob: 0 = small (8 people, 40 transactions), 1 = default (30 people, 300
    /// transactions), N = default × N.
    static func datasetSize(_ knob: Int) -> DatasetSize {
        knob <= 0 ? .small : knob == 1 ? .default : .scaled(knob)
    }

    /// Adds a device holding `owner`'s local data, signed in (by credentials) as `owner`. The data
    /// is drawn for the device, or `restoring` another plan's pre-migration data (a device
    /// restored from a backup of the same Core Data history, `UserDefaults` included).
    /// The device lives in the time zone its data was created in (drawn with the dataset).
    @discardableResult
    func addDevice(_ name: String, owner: String, restoring: SwissCoinDataset? = nil, config: DeviceConfig = DeviceConfig()) -> Device {
        let data = restoring ?? dataset(for: name)
        var config = config
        config.utcOffsetSeconds = data.database.timeZoneOffsetSeconds
        config.timeZoneName = "UTC\(config.utcOffsetSeconds >= 0 ? "+" : "")\(config.utcOffsetSeconds / 3600)"
        let device = addDevice(name, config: config)
        try! data.install(store: LocalStore(files: SetupFiles(device: device), cache: storeCache(device)),
                          defaults: SetupDefaults(device: device))
        addPlan(DevicePlan(device: device, owner: owner, dataset: data))
        signIn(device, as: owner)
        return device
    }

    func addPlan(_ plan: DevicePlan) { plans.append(plan) }

    /// What the user types on the sign-in screen (the app signs in on its next launch when it has
    /// no session). Signing in as someone else is an account switch.
    func signIn(_ device: Device, as label: String) {
        let account = self.account(label)
        let text = #"{"email":"\#(account.email)","password":"\#(account.password)"}"#
        device.files.write(SwissCoinDeviceApp.credentialsPath, Array(text.utf8))
        signedIn[device.name] = label
    }

    /// The account whose session the device's Keychain holds now (nil: signed out).
    func sessionAccount(of device: Device) -> String? {
        guard let bytes = device.files.read(SimSupabaseClient.keychainPath),
              let userId = SimSupabaseClient.userId(inKeychain: bytes)
        else { return nil }
        return accounts.first { $0.userId == userId }?.label
    }

    /// The user signs out (the SDK drops the session from the Keychain); Core Data and
    /// UserDefaults are untouched, as in the seed.
    func signOut(_ device: Device) {
        device.files.remove(SimSupabaseClient.keychainPath)
        device.files.remove(SwissCoinDeviceApp.credentialsPath)
        signedIn[device.name] = nil
    }

    func storeCache(_ device: Device) -> LocalStoreCache {
        if let cache = storeCaches[device.name] { return cache }
        let cache = LocalStoreCache()
        storeCaches[device.name] = cache
        return cache
    }


    /// Swiss Coin's part of healing (the harness runs it): faults off, killed devices relaunched;
    /// a plan whose migration has not completed is opened again by its user, up to four times,
    /// even under another account (eventual-completion, which knows whose migration must complete,
    /// reports the ones that never do: they are not healing's pending). Then the devices that sync are
    /// opened again in turn, each signed-in one, until a round pushes nothing (every device has
    /// pulled every change), at most six rounds.
    var healingPlan: Healing<DevicePlan> {
        var healing = Healing(members: plans, device: \.device)
        healing.reopens = 4
        healing.unsettled = { plan in
            let report = self.reports.byDevice[plan.device.name]
            let done = (report?.completedRuns ?? 0) > 0 && report?.lastError == nil
            if done || self.signedIn[plan.device.name] == nil || !plan.dataset.hasLocalData { return nil }
            return "migration of \(plan.owner) not complete (last error: \(report?.lastError ?? "none"))"
        }
        healing.unsettledIsPending = false
        healing.rounds = 1...6
        healing.opensInRound = { plan in
            self.sync.scripts[plan.device.name] != nil && self.signedIn[plan.device.name] != nil && plan.device.state != .notLaunched
        }
        healing.progress = { self.sync.pushes }
        healing.moved = { before, round in self.sync.pushes == before ? [] : ["sync still pushing after \(round) rounds of relaunches"] }
        return healing
    }
}

/// Setup-time access to a device's files (before the app ever runs).
struct SetupFiles: DeferringFileStore {
    let device: Device
    func read(path: String) throws -> Data? { device.files.read(path).map { Data($0) } }
    func write(path: String, data: Data) throws { device.files.write(path, Array(data)) }
    func remove(path: String) throws { device.files.remove(path) }

    func write(path: String, deferring make: @escaping () -> Data) throws -> AnyObject {
        let content = FileContent(deferring: { Array(make()) })
        device.files.write(path, content)
        return content
    }

    func holds(_ token: AnyObject, at path: String) -> Bool { device.files.content(path) === token }
}

/// Setup-time access to a device's UserDefaults (flushed: the data predates the run).
struct SetupDefaults: KeyValueStore {
    let device: Device
    func value(forKey key: String) -> JSONValue? { device.defaults.value(forKey: key) }
    func set(_ value: JSONValue?, forKey key: String) { device.defaults.set(value, forKey: key) }
    func synchronize() -> Bool { device.defaults.flush(); return true }
}

extension SwissCoinStage {
    /// balance-equality for one device's data against the server as it is now (the verifier
    /// soundness audit at the moment the app announces completion).
    func balanceDiffsNow(_ deviceName: String) -> [EntityDiff] {
        guard let plan = plans.first(where: { $0.device.name == deviceName }), signedIn[deviceName] == plan.owner else { return [] }
        return BalanceEqualityChecker().balanceDiffs(SwissCoinWorld(stage: self), plan)
    }

    /// Hands a request to the server at once, off the simulated network (setup, the web, an
    /// operator): `caller` names who sent it in the trace.
    func direct(_ request: SupabaseRequest, from caller: String) -> SupabaseResponse {
        server.handle(request, context: ServiceContext(now: sim.now, caller: caller, requestNumber: 0, trace: sim.trace))
    }

    /// A PostgREST request with the service-role key (bypasses RLS), applied at once: another
    /// client or an operator writing to the database. Returns whether it succeeded.
    @discardableResult
    func adminWrite(_ action: TableRequest.Action, table: String, where filter: RowFilter) -> Bool {
        let request = SupabaseRequest(accessToken: SupabaseConfig().serviceRoleKey,
                                      .table(TableRequest(table: table, action: action, filters: [filter])))
        return direct(request, from: "operator").isSuccess
    }

    /// Ends every session of the account at once, as "sign out of all devices" on the web or a
    /// password change does (GoTrue's admin sign-out, applied directly).
    func revokeSessions(_ label: String) {
        guard ScriptedStep.allows("revoke-sessions", subject: "\(label)@web", in: sim) else { return }
        let request = SupabaseRequest(accessToken: SupabaseConfig().serviceRoleKey,
                                      .auth(.adminRevokeSessions(userId: account(label).userId)))
        let status = direct(request, from: "web").status
        sim.record("web", "\(label) signs out of all devices status=\(status)")
    }
}
