import AppPorts
import CRDT
import Minuta
import SimCore
import SimHarness

/// The Minuta app process on a simulated device: on launch `loadData()` (migrate if needed, merge
/// conflict copies, load tags and records), then what the user does, one action at a time, from
/// the stage's queue. The App Intents run beside it with their own storage, caches and defaults.
struct MinutaDeviceApp: Sendable {
    let stage: MinutaStage

    func main(_ context: DeviceContext) async {
        let session = MinutaSession(context: context, stage: stage)
        guard stage.intentsBeside else {
            await launchFlow(session)
            await run(session, lane: context.deviceName)
            return
        }
        // The App Intents process runs beside the app from its launch on (it migrates on its own
        // before every intent). Both share the device's process slot: a kill ends both.
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await launchFlow(session)
                await run(session, lane: context.deviceName)
            }
            group.addTask { await run(session, lane: MinutaStage.intentsLane(context.deviceName)) }
        }
    }

    /// `loadData()`, then the launch counts as finished.
    func launchFlow(_ session: MinutaSession) async {
        await session.loadData()
        guard session.context.isAlive else { return }
        stage.launched[session.context.deviceName] = session.context.incarnation
    }

    /// Runs the lane's actions one at a time until the script is finished with the device.
    func run(_ session: MinutaSession, lane: String) async {
        let context = session.context
        while context.isAlive && !Task.isCancelled {
            if let next = stage.takeLaneAction(lane) {
                await session.perform(next.action)
                guard context.isAlive else { return }
                stage.markDone(next.id, lane: lane)
            } else if stage.isFinished(context.deviceName, lane: lane) {
                return
            } else {
                try? await context.sleep(for: stage.idlePoll)
            }
        }
    }
}

/// One launch of the app: its storage (one `HybridStorageService`, as `AppState` holds), the view
/// on screen, and how each user action becomes storage calls and edits in the run's history.
final class MinutaSession: @unchecked Sendable {
    let context: DeviceContext
    let stage: MinutaStage
    let storage: Minuta.HybridStorageService
    let intents: Minuta.AppIntents
    var view = MinutaView(tags: [], records: [])
    /// Actions under way (two when the App Intents process acts beside the app).
    var busy = 0
    /// Tells the kill injector which part of the app's life runs now (a kill's coverage mark
    /// names it: `minuta: killed in <phase>`).
    let probe: PhaseProbe

    init(context: DeviceContext, stage: MinutaStage) {
        self.context = context
        self.stage = stage
        probe = stage.kills.probe(for: stage.device(named: context.deviceName))
        let counter = stage.appWrites
        // The migration's backup next to the folder is not synced and does not count.
        let files = DeviceCoordinatedFileStore(context, ioMicroseconds: stage.fileLatency) { path in
            if path.hasPrefix(Minuta.StoragePaths.folder) { counter.add() }
        }
        let clock = DeviceWallClock(context)
        let ids = DeviceIDGenerator(context)
        storage = Minuta.HybridStorageService(files: files, defaults: DeviceKeyValueStore(context),
                                              clock: clock, ids: ids, variant: stage.variant, pause: DevicePause(context), probe: probe)
        intents = Minuta.AppIntents(files: files, defaults: DeviceKeyValueStore(context, domain: "intents:"),
                                    clock: clock, ids: ids, variant: stage.variant, pause: DevicePause(context))
    }

    var device: String { context.deviceName }

    /// `AppState.loadData()` (seed l.935-938): migrate, merge conflict copies, load.
    func loadData() async {
        probe.enter("migrate")
        if let result = try? await storage.checkAndMigrate() {
            context.record("app migration tags=\(result.tagsCount) records=\(result.recordsCount) errors=\(result.errors.count) verified=\(result.verified)")
            if result.isComplete { context.sometimes("minuta: migration completed") }
        }
        await refresh()
    }

    /// Merges conflict copies and reloads the view. The plan's `AppState` never calls the
    /// resolver (`resolver-not-wired`, MI-2): it only reloads.
    func refresh() async {
        guard !stage.variant.has(.resolverNotWired) else {
            await reload()
            return
        }
        probe.enter("resolve-conflicts")
        if let result = try? await storage.resolveConflicts(), result.conflictsResolved > 0 {
            context.record("app resolved \(result.conflictsResolved) conflict copies")
            context.sometimes("minuta: conflict copies merged")
        }
        await reload()
    }

    func reload() async {
        probe.enter("load")
        let files = stage.device(named: device).files
        let unchanged = files.changes
        guard let tags = try? await storage.loadTags(), let records = try? await storage.loadAllRecords() else { return }
        var screens: [DateRangeScreen] = []
        for range in DateRangeScreen.ranges(for: records) {
            guard let shown = try? await storage.loadRecords(from: range.from, to: range.to) else {
                screens = []  // a screen that did not load shows nothing to compare; the list still shows
                break
            }
            screens.append(DateRangeScreen(from: range.from, to: range.to, ids: shown.map(\.id)))
        }
        view = MinutaView(tags: tags, records: records, screens: screens)
        guard context.isAlive else { return }
        stage.views[device] = view
        // The list and the screens read the same files only if none changed in between (the
        // daemon, the App Intents process): then they must agree.
        if files.changes == unchanged && stage.screenMismatches.count < 100 {  // enough to report a defect run
            stage.screenMismatches += DateRangeScreen.mismatches(in: view, device: device, atNanoseconds: stage.sim.now.nanoseconds)
        }
    }
}
