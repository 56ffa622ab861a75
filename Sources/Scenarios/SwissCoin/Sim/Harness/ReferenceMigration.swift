import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// The yardstick of idempotent-retry: one device plan's pre-migration data migrated by the same
/// variant's app with no faults, no kills and no other client, into a fresh fake Supabase with the
/// main run's backend schema. It runs in a simulator of its own, seeded from the main run's seed
/// and the device name, after the main run has finished, so nothing reaches the main run's trace
/// hash, fault log or coverage. The account is signed up anew there, so its auth user id differs
/// from the main run's; `AccountServerState` writes both as `<account>`.
struct ReferenceMigration {
    /// The reference server's state (admin view).
    let admin: AdminView
    /// The account's auth user id on the reference server.
    let userId: String
    /// Whether the fault-free app announced completion (a variant may fail even without faults).
    let completed: Bool

    /// Migrates `plan.dataset` as `account` the way `SwissCoinStage.heal` finishes a device: the
    /// app's own retries, and up to `relaunches` reopenings until it reports completion. `lean`
    /// runs without a trace hash (`ReferenceRun`); the result is the same either way.
    static func run(_ plan: SwissCoinStage.DevicePlan, account: SwissCoinStage.Account, main stage: SwissCoinStage,
                    relaunches: Int = 3, lean: Bool = true) throws -> ReferenceMigration {
        let sim = ReferenceRun.simulator(after: stage.sim, label: "idempotent-retry:reference:\(plan.device.name)", lean: lean)
        let server = SupabaseServer(backend: stage.server.backend, random: sim.random.fork("supabase"))
        let handle = sim.network.register(server)
        let reports = AppReports()
        // One decoded-store cache for setup and app, as `SwissCoinStage` keeps one per device: the
        // app's first fetch then reuses the installed store instead of decoding it (speed only).
        let storeCache = LocalStoreCache()
        let app = SwissCoinDeviceApp(server: handle, variant: stage.variant, reports: reports, storeCache: storeCache,
                                     sync: SyncProgress())  // no script: the reference only migrates
        let name = plan.device.name
        // Setup, as `SwissCoinStage.createAccount` and `addDevice` do it: off the network.
        let context = ServiceContext(now: sim.now, caller: "setup", requestNumber: 0, trace: sim.trace)
        let signUp = server.handle(SupabaseRequest(accessToken: nil, .auth(.signUp(email: account.email, password: account.password))),
                                   context: context)
        let userId = signUp.body["user"]?["id"]?.stringValue ?? signUp.body["id"]?.stringValue ?? ""
        precondition(!userId.isEmpty, "reference sign-up failed: \(signUp.status) \(signUp.body.canonicalText)")
        let device = sim.addDevice(name, config: plan.device.config)
        try plan.dataset.install(store: LocalStore(files: SetupFiles(device: device), cache: storeCache),
                                 defaults: SetupDefaults(device: device))
        let credentials: JSONValue = ["email": .string(account.email), "password": .string(account.password)]
        device.files.write(SwissCoinDeviceApp.credentialsPath, Array(credentials.canonicalText.utf8))
        try sim.run { _ in
            device.launch { context in await app.main(context) }
            for _ in 0..<relaunches {
                await device.waitUntilStopped()
                if Self.isDone(reports.byDevice[name]) { break }
                device.relaunch()
            }
            await device.waitUntilStopped()
        }
        return ReferenceMigration(admin: server.admin, userId: userId, completed: isDone(reports.byDevice[name]))
    }

    /// A reference run, or why it could not run.
    typealias Outcome = Result<ReferenceMigration, any Error>

    /// `run`, with its error kept for the checker to report.
    static func outcome(_ plan: SwissCoinStage.DevicePlan, account: SwissCoinStage.Account, main stage: SwissCoinStage) -> Outcome {
        Result { try run(plan, account: account, main: stage) }
    }

    static func isDone(_ report: AppReports.Report?) -> Bool {
        (report?.completedRuns ?? 0) > 0 && report?.lastError == nil
    }
}
