import AppPorts
import CRDT
import FakeCloud
import Minuta
import SimCore
import SimHarness

/// One Minuta run's stage: the shared cast (devices, the users' queued actions — one lane for the
/// app and one for its App Intents — launches, kills) plus the shared cloud folder, the legacy
/// dataset and what each app last showed (the users' edits are operations in the run's history,
/// see `MinutaEdit`). Scenarios script it; checkers read the `MinutaWorld` it produces.
final class MinutaStage: Cast<MinutaAction>, @unchecked Sendable {
    struct DevicePlan: Sendable {
        var device: Device
        /// The name the provider writes into conflict-copy names (Dropbox: "Ann's conflicted copy").
        var editor: String
        /// False for a device that only ever ran the old app (it uploaded the legacy files).
        var runsApp = true
    }

    let variant: MinutaVariant
    let provider: FolderProvider
    let folder: CloudFolder
    let dataset: MinutaDataset
    let appWrites = WriteCounter()
    /// Sync barriers passed (the ledger's epoch).
    private(set) var epoch = 0
    private(set) var plans: [DevicePlan] = []
    /// The view each device's app showed last (tags, records), by device name.
    var views: [String: MinutaView] = [:]
    /// Date-range screens that differed from the list loaded with them while no file changed.
    var screenMismatches: [DateRangeScreen.Mismatch] = []
    /// The incarnation whose launch flow (migrate, resolve, load) finished, by device name.
    var launched: [String: Int] = [:]
    /// Document versions captured while the run was live (path → distinct versions, bounded).
    var liveDocuments: [String: [[UInt8]]] = [:]
    /// True when the App Intents run in their own process beside the app (Siri or a widget while
    /// the app is open: two writers of the same files on one device); false, they run in the app's
    /// action loop, one action at a time. Set before the devices launch.
    var intentsBeside = false
    /// How long each of the apps' file operations takes, in microseconds (nil: no virtual time).
    var fileLatency: ClosedRange<Int>?
    /// How often an idle process looks for its next action (a user's or Siri's, in real life
    /// whenever they come).
    var idlePoll: Duration = .milliseconds(500)
    /// Kills `perform` landed per device (see `armLifeKill`).
    var lifeKillsLanded: [String: Int] = [:]
    /// The action each lane has taken and not finished (a kill leaves it here: it is lost).
    private var inFlight: [String: Int] = [:]
    /// Choices that joined the workload later (a tag cleared, a move from a stale screen): their
    /// own stream, so the script's other draws stay as they were before.
    private var laterChoices: SimRandom

    /// `provider` nil: drawn from the seed among the four. `untaggedLegacy`: the dataset without its
    /// tags (drawn all the same, so every other draw stays as it was).
    init(sim: Simulator, variant: MinutaVariant, size: Int, provider: FolderProvider?, untaggedLegacy: Bool = false) {
        self.variant = variant
        var random = sim.random.fork("minuta:stage")  // the cast's stream, its first draw the provider
        self.provider = provider ?? FolderProvider.allCases[random.below(FolderProvider.allCases.count)]
        var data = sim.random.fork("minuta:dataset")
        let generated = MinutaDataset.generate(&data, size: size)
        dataset = untaggedLegacy ? generated.untagged : generated
        folder = CloudFolder(provider: self.provider, simulator: sim, prefix: Minuta.StoragePaths.folder)
        laterChoices = sim.random.fork("minuta:later-choices")
        super.init(sim, app: "minuta")
        self.random = random
        deviceApp = { [weak self] context in
            guard let self else { return }
            await MinutaDeviceApp(stage: self).main(context)
        }
        sim.record("sim", "minuta variant=\(variant.name) provider=\(self.provider.rawValue) tags=\(dataset.tags.count) records=\(dataset.records.count)")
    }

    /// Whether a tag edit clears the tag (one in three).
    func drawClear() -> Bool { laterChoices.chance(1, in: 3) }

    /// Whether a stale-screen round also moves a record another device just commented on (one in two).
    func drawStaleMove() -> Bool { laterChoices.chance(1, in: 2) }

    // MARK: Devices

    /// Devices that run the new app (healing opens them; checkers compare their views).
    var appPlans: [DevicePlan] { plans.filter(\.runsApp) }

    /// The device of the run named `name`.
    func device(named name: String) -> Device {
        guard let plan = plans.first(where: { $0.device.name == name }) else { preconditionFailure("no device \(name)") }
        return plan.device
    }

    /// The device keeps running the old app only.
    func retire(_ device: Device) {
        for index in plans.indices where plans[index].device === device { plans[index].runsApp = false }
    }

    /// A fresh upper-case UUID drawn by the script.
    func newId() -> String { newID().uppercased() }

    @discardableResult
    /// `clockSkewMilliseconds`: how far the device's clock runs ahead of true time (negative: behind).
    func addDevice(_ name: String, editor: String, utcOffsetSeconds: Int = 0, clockSkewMilliseconds: Int64 = 0) -> Device {
        let sign = utcOffsetSeconds >= 0 ? "+" : "-"
        let config = DeviceConfig(utcOffsetSeconds: utcOffsetSeconds, timeZoneName: "UTC\(sign)\(abs(utcOffsetSeconds) / 3600)",
                                  clockSkewMilliseconds: clockSkewMilliseconds)
        let device = addDevice(name, config: config)
        keepOpen(device)  // the script finishes each device when it has nothing more for it
        plans.append(DevicePlan(device: device, editor: editor))
        return device
    }

    /// Writes the legacy JSON files the old app left on this device (setup, before attaching).
    /// An old app that never saved a tag wrote no `tags.json`.
    func installLegacy(on device: Device) {
        for (path, bytes) in dataset.legacyFiles(utcOffsetSeconds: device.config.utcOffsetSeconds)
        where !(dataset.tags.isEmpty && path == Minuta.StoragePaths.legacyTags) {
            device.files.write(Minuta.StoragePaths.folder + path, bytes)
        }
    }

    func attach(_ device: Device) {
        folder.attach(device, editor: plans.first { $0.device === device }!.editor)
    }

    /// Waits until the folder is in sync (bounded).
    @discardableResult
    func settle(_ bound: Duration = .seconds(1800)) async -> Bool {
        let quiet = await folder.settle(within: bound)
        if quiet && plans.allSatisfy({ !sim.network.isOffline($0.device) }) { onlineSettles += 1 }
        return quiet
    }

    /// Settles so far that ended quiet with every device online: each brought every write
    /// finished before it to every device's files.
    private(set) var onlineSettles = 0

    /// Lets virtual time pass.
    func setOffline(_ device: Device, _ offline: Bool) { sim.network.setOffline(device, offline) }

    /// Launches (or relaunches) the app on `device`; what the last process had taken died with it.
    override func launch(_ device: Device) {
        for lane in [device.name, Self.intentsLane(device.name)] { inFlight[lane] = nil }
        super.launch(device)
    }

    /// Waits until the current incarnation finished its launch flow (or stopped).
    func waitForLaunch(_ device: Device, limit: Int = 3600) async {
        _ = await BoundedWait.until("the launch flow", in: sim, device: device, every: .milliseconds(200), polls: limit) {
            launched[device.name] == device.incarnation
        }
    }

    // MARK: Actions

    /// The lane (a process's action queue) that runs `action` on `device`: the App Intents lane
    /// for intents when they run beside the app, else the app's.
    func lane(_ device: Device, _ action: MinutaAction) -> String {
        intentsBeside && action.isIntent ? Self.intentsLane(device.name) : device.name
    }

    /// The name of a device's App Intents lane.
    static func intentsLane(_ device: String) -> String { device + "/intents" }

    /// Queues an action for the device's app (or its App Intents process); returns its id.
    @discardableResult
    func enqueue(_ device: Device, _ action: MinutaAction) -> Int { append(device, action, lane: lane(device, action)) }

    /// Queues an action and waits until the app has done it or the process stopped.
    func perform(_ device: Device, _ action: MinutaAction, limit: Int = 3600, lifeKill: Bool = true) async {
        let id = enqueue(device, action)
        let armed = lifeKill && armLifeKill(device, action, id: id)
        _ = await BoundedWait.until("action \(id)", in: sim, device: device, every: .milliseconds(200), polls: limit) {
            done.contains(id)
        }
        if armed {
            kills.disarm(device)
            if await reopenIfKilled(device) { lifeKillsLanded[device.name, default: 0] += 1 }
        }
    }

    /// The next queued action of a lane (taken: a kill now makes it indeterminate).
    func takeLaneAction(_ lane: String) -> (id: Int, action: MinutaAction)? {
        guard let next = takeNumberedAction(lane) else { return nil }
        inFlight[lane] = next.id
        return next
    }

    func markDone(_ id: Int, lane: String) {
        markDone(id)
        if inFlight[lane] == id { inFlight[lane] = nil }
    }

    /// Waits until the device's lanes have run every queued action, or the app stopped.
    func drain(_ device: Device, limit: Int = 3600) async {
        let lanes = [device.name, Self.intentsLane(device.name)]
        _ = await BoundedWait.until("the queued actions", in: sim, device: device, every: .milliseconds(200), polls: limit) {
            lanes.allSatisfy { !hasQueued($0) && inFlight[$0].map(done.contains) ?? true }
        }
    }


    /// Starts a new epoch: every device online, the folder settled, every running app has merged
    /// its conflict copies and reloaded. Edits after this are causally after every edit before.
    func barrier() async {
        for plan in plans {
            setOffline(plan.device, false)
            if plan.runsApp && plan.device.state == .killed { launch(plan.device) }
        }
        for plan in plans where plan.device.state == .running { await waitForLaunch(plan.device) }
        for plan in plans where plan.device.state == .running { await drain(plan.device) }
        captureLiveDocuments()
        await settle()
        for plan in plans where plan.device.state == .running { await perform(plan.device, .refresh, lifeKill: false) }
        await settle()
        epoch += 1
    }
}

extension MinutaStage {
    /// Keeps up to 6 distinct versions of every document (copies and iCloud's hidden conflict
    /// versions filed under their primary) from every device, for the merge-law checks on the
    /// run's real histories.
    func captureLiveDocuments() {
        let names = Minuta.ConflictNames(variant: .fixed)
        let prefix = Minuta.StoragePaths.folder
        let hidden = ICloudVersionStore.root + prefix
        for plan in plans {
            let files = plan.device.files.list(prefix: prefix) + plan.device.files.list(prefix: hidden)
            for file in files {
                // A hidden version `<root><path>#<id>` is a version of `<path>`.
                let path = file.hasPrefix(hidden) ? ICloudVersionStore.file(ofVersion: file) ?? file : file
                guard path.hasSuffix(".automerge") else { continue }
                let relative = String(path.dropFirst(prefix.count))
                guard let bytes = plan.device.files.read(file) else { continue }
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

/// What an app showed: its tags and records, as loaded, and the date-range screens it loaded
/// with them.
struct MinutaView: Sendable, Equatable {
    var tags: [Minuta.Tag]
    var records: [Minuta.TimeRecord]
    var screens: [DateRangeScreen] = []
}
