import AppPorts
import CRDT
import FakeCloud
import SimCore
import SimHarness

/// One Minuta run's cast: the shared cloud folder, the user's devices (each running the app and
/// its App Intents), the legacy dataset, the queue of user actions per device, the ledger of
/// acknowledged edits and what each app last showed. Scenarios script it; checkers read the
/// `MinutaWorld` it produces.
final class MinutaStage: @unchecked Sendable {
    struct DevicePlan: Sendable {
        var device: Device
        /// The name the provider writes into conflict-copy names (Dropbox: "Ann's conflicted copy").
        var editor: String
        /// False for a device that only ever ran the old app (it uploaded the legacy files).
        var runsApp = true
    }

    let sim: Simulator
    let variant: MinutaVariant
    let provider: FolderProvider
    let folder: CloudFolder
    let dataset: MinutaDataset
    let ledger = EditLedger()
    let appWrites = WriteCounter()
    /// Every kill the scenario injects.
    let kills: KillInjector
    /// Sync barriers passed (the ledger's epoch).
    private(set) var epoch = 0
    private(set) var plans: [DevicePlan] = []
    /// The view each device's app showed last (tags, records), by device name.
    var views: [String: MinutaView] = [:]
    /// The incarnation whose launch flow (migrate, resolve, load) finished, by device name.
    var launched: [String: Int] = [:]
    /// Document versions captured while the run was live (path → distinct versions, bounded).
    var liveDocuments: [String: [[UInt8]]] = [:]
    private var queues: [String: [(id: Int, action: MinutaAction)]] = [:]
    private var done: Set<Int> = []
    private var finished: Set<String> = []
    private var nextActionId = 0
    private var random: SimRandom

    /// `provider` nil: drawn from the seed among the four.
    init(sim: Simulator, variant: MinutaVariant, size: Int, provider: FolderProvider?) {
        self.sim = sim
        self.variant = variant
        var random = sim.random.fork("minuta:stage")
        self.provider = provider ?? FolderProvider.allCases[random.below(FolderProvider.allCases.count)]
        var data = sim.random.fork("minuta:dataset")
        dataset = MinutaDataset.generate(&data, size: size)
        folder = CloudFolder(provider: self.provider, simulator: sim, prefix: Minuta.StoragePaths.folder)
        self.random = random
        kills = KillInjector(sim: sim, label: "minuta: ")
        sim.record("sim", "minuta variant=\(variant.name) provider=\(self.provider.rawValue) tags=\(dataset.tags.count) records=\(dataset.records.count)")
    }

    /// A seeded integer in `0..<bound` for the script's choices.
    func draw(_ bound: Int) -> Int { random.below(max(1, bound)) }

    // MARK: Devices

    /// Devices that run the new app (healing opens them; checkers compare their views).
    var appPlans: [DevicePlan] { plans.filter(\.runsApp) }

    /// The device keeps running the old app only.
    func retire(_ device: Device) {
        for index in plans.indices where plans[index].device === device { plans[index].runsApp = false }
    }

    /// A fresh upper-case UUID drawn by the script.
    func newId() -> String { random.uuidString().uppercased() }

    @discardableResult
    func addDevice(_ name: String, editor: String, utcOffsetSeconds: Int = 0) -> Device {
        let sign = utcOffsetSeconds >= 0 ? "+" : "-"
        let config = DeviceConfig(utcOffsetSeconds: utcOffsetSeconds, timeZoneName: "UTC\(sign)\(abs(utcOffsetSeconds) / 3600)")
        let device = sim.addDevice(name, config: config)
        plans.append(DevicePlan(device: device, editor: editor))
        return device
    }

    /// Writes the legacy JSON files the old app left on this device (setup, before attaching).
    func installLegacy(on device: Device) {
        for (path, bytes) in dataset.legacyFiles(utcOffsetSeconds: device.config.utcOffsetSeconds) {
            device.files.write(Minuta.StoragePaths.folder + path, bytes)
        }
    }

    func attach(_ device: Device) {
        folder.attach(device, editor: plans.first { $0.device === device }!.editor)
    }

    /// Waits until the folder is in sync (bounded).
    @discardableResult
    func settle(_ bound: Duration = .seconds(1800)) async -> Bool { await folder.settle(within: bound) }

    /// Lets virtual time pass.
    func pause(_ duration: Duration) async {
        try? await sim.rootClock.sleep(until: sim.now.advanced(by: duration), tolerance: nil)
    }

    func setOffline(_ device: Device, _ offline: Bool) { sim.network.setOffline(device, offline) }

    /// A scripted offline window begins (a `script` fault, so `shrink` can drop it); `label`
    /// says which window. Returns whether the device went offline.
    @discardableResult
    func goOffline(_ device: Device, _ label: String) -> Bool {
        guard ScriptedStep.allows("offline", subject: "\(device.name)@\(label)", in: sim) else { return false }
        setOffline(device, true)
        return true
    }

    /// Launches (or relaunches) the app on `device`.
    func launch(_ device: Device) {
        let app = MinutaDeviceApp(stage: self)
        if device.incarnation == 0 { device.launch { context in await app.main(context) } } else { device.relaunch() }
    }

    /// Waits until the current incarnation finished its launch flow (or stopped).
    func waitForLaunch(_ device: Device, limit: Int = 3600) async {
        _ = await BoundedWait.until("the launch flow", in: sim, device: device, every: .milliseconds(200), polls: limit) {
            launched[device.name] == device.incarnation
        }
    }

    // MARK: Actions

    /// Queues an action for the device's app; returns its id.
    @discardableResult
    func enqueue(_ device: Device, _ action: MinutaAction) -> Int {
        nextActionId += 1
        queues[device.name, default: []].append((nextActionId, action))
        return nextActionId
    }

    /// Queues an action and waits until the app has done it or the process stopped.
    func perform(_ device: Device, _ action: MinutaAction, limit: Int = 3600) async {
        let id = enqueue(device, action)
        _ = await BoundedWait.until("action \(id)", in: sim, device: device, every: .milliseconds(200), polls: limit) {
            done.contains(id)
        }
    }

    /// The next queued action for the device (taken: a kill now makes it indeterminate).
    func takeAction(_ name: String) -> (id: Int, action: MinutaAction)? {
        guard var queue = queues[name], !queue.isEmpty else { return nil }
        let next = queue.removeFirst()
        queues[name] = queue
        return next
    }

    func markDone(_ id: Int) { done.insert(id) }

    /// The script has nothing more for this device: its app exits once its queue is empty.
    func finish(_ device: Device) { finished.insert(device.name) }

    func isFinished(_ name: String) -> Bool { finished.contains(name) }

    /// Starts a new epoch: every device online, the folder settled, every running app has merged
    /// its conflict copies and reloaded. Edits after this are causally after every edit before.
    func barrier() async {
        for plan in plans {
            setOffline(plan.device, false)
            if plan.runsApp && plan.device.state == .killed { launch(plan.device) }
        }
        for plan in plans where plan.device.state == .running { await waitForLaunch(plan.device) }
        captureLiveDocuments()
        await settle()
        for plan in plans where plan.device.state == .running { await perform(plan.device, .refresh) }
        await settle()
        epoch += 1
    }
}

extension MinutaStage {
    /// Keeps up to 6 distinct versions of every document (copies filed under their primary) from
    /// every device, for the merge-law checks on the run's real histories.
    func captureLiveDocuments() {
        let names = Minuta.ConflictNames(variant: .fixed)
        let prefix = Minuta.StoragePaths.folder
        for plan in plans {
            for path in plan.device.files.list(prefix: prefix) where path.hasSuffix(".automerge") {
                let relative = String(path.dropFirst(prefix.count))
                guard let bytes = plan.device.files.read(path) else { continue }
                let key = names.primaryPath(relative)
                var versions = liveDocuments[key] ?? []
                if versions.count < 6 && !versions.contains(bytes) { versions.append(bytes) }
                liveDocuments[key] = versions
            }
        }
    }
}

/// Counts the app's own file writes and removals (not the sync daemon's), to tell when healing
/// has reached a fixpoint.
final class WriteCounter: @unchecked Sendable {
    private(set) var count = 0
    func add() { count += 1 }
}

/// What an app showed: its tags and records, as loaded.
struct MinutaView: Sendable, Equatable {
    var tags: [Minuta.Tag]
    var records: [Minuta.TimeRecord]
}
