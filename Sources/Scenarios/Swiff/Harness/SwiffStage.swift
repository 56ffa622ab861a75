import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// One Swiff run's cast: the user's devices, the build installed on each, the user's actions
/// queued for the app, what the user expects to find (per device: no cloud, each store is its
/// own), and what the harness saw happen (launches, restores, upgrades). Scenarios script it.
final class SwiffStage: @unchecked Sendable {
    struct Phone {
        let device: Device
        var build = 0
        var highestBuild = 0
        var ledger = SwiffLedger()
        var queue: [SwiffAction] = []
        let faults: SimulatedStorageFaults
    }

    let sim: Simulator
    let variant: SwiffVariant
    let dataset: SwiffImport
    /// The stored balances the old release left drifted in the dataset's store.
    let drift: SwiffBalanceDrift
    let kills: KillInjector
    var random: SimRandom
    /// Storage faults reach the devices' disks (off while the scenario sets up).
    var storageFaults = false
    private(set) var phones: [String: Phone] = [:]
    private(set) var order: [String] = []
    private(set) var launches: [LaunchRecord] = []
    private(set) var restores: [RestoreEvent] = []
    private(set) var upgrades: [UpgradeRecord] = []
    private(set) var reportedRestores: Set<String> = []
    private(set) var healing = false
    private(set) var refusedRestores: [RefusedRestore] = []
    private(set) var failedSaves: [FailedSave] = []
    private(set) var healingOpens: [String: Int64] = [:]

    init(sim: Simulator, variant: SwiffVariant, size: Int) {
        self.sim = sim
        self.variant = variant
        var data = sim.random.fork("swiff:dataset")
        dataset = SwiffDataset.generate(&data, size: size)
        var drawn = sim.random.fork("swiff:drift")
        drift = SwiffBalanceDrift.draw(dataset, &drawn)
        random = sim.random.fork("swiff:stage")
        kills = KillInjector(sim: sim, label: "swiff: ")
        sim.record("sim", "swiff variant=\(variant.name) persons=\(dataset.persons.count) expenses=\(dataset.expenses.count) drifted=\(drift.entries.count)")
    }

    /// A seeded integer in `0..<bound` for the script's choices.
    func draw(_ bound: Int) -> Int { random.below(max(1, bound)) }

    /// A fresh id drawn by the script.
    func newId() -> String { SwiffDataset.uuid(&random) }

    func phone(_ device: Device) -> Phone { phones[device.name]! }

    @discardableResult
    func addDevice(_ name: String) -> Device {
        let device = sim.addDevice(name)
        phones[name] = Phone(device: device, faults: SimulatedStorageFaults(sim, device: name))
        order.append(name)
        return device
    }

    /// Installs `build` (an update, or a downgrade when older than one the device ran).
    func install(_ device: Device, build: Int) {
        var phone = phones[device.name]!
        if build > phone.build && phone.build > 0 {
            upgrades.append(UpgradeRecord(device: device.name, from: phone.build, to: build, store: device.files.read(PersistenceService.storePath)))
        }
        phone.build = build
        phone.highestBuild = max(phone.highestBuild, build)
        phones[device.name] = phone
        sim.record(device.name, "install build \(build)")
    }

    /// Launches the app (or relaunches it over the same files).
    func launch(_ device: Device) {
        if device.incarnation == 0 {
            let app = SwiffDeviceApp(stage: self)
            device.launch { context in await app.main(context) }
        } else {
            device.relaunch()
        }
    }

    /// One sitting: the user opens the app and does `actions`; the kill family may kill the app
    /// at a point drawn from `phases` (up to `maxKills` times), the user reopening it each time.
    func session(_ device: Device, _ actions: [SwiffAction], kill phases: [String] = [], maxKills: Int = 0) async {
        phones[device.name]!.queue = actions
        launch(device)
        var killed = 0
        while killed < maxKills, device.state == .running {
            guard let point = kills.decide(device, draw: { random in SwiffKill.draw(&random, phases, rows: self.rows) }) else { break }
            guard await kills.kill(device, at: point) else { break }
            killed += 1
            await pause(seconds: 1 + sim.faults.draw(.kill, below: 30))
            launch(device)
        }
        await device.waitUntilStopped()
        phones[device.name]!.queue = []
    }

    /// Rows of the dataset that a migration stage walks (bounds a kill's await point).
    var rows: Int { dataset.persons.count + dataset.expenses.count }

    func pause(seconds: Int) async {
        try? await sim.rootClock.sleep(until: sim.now.advanced(by: .seconds(Int64(seconds))), tolerance: nil)
    }

    func pause(days: Int) async { await pause(seconds: days * 86_400) }

    // MARK: The device app's reports

    func takeAction(_ name: String) -> SwiffAction? {
        guard phones[name]?.queue.isEmpty == false else { return nil }
        return phones[name]!.queue.removeFirst()
    }

    func noteLaunch(_ context: DeviceContext, build: Int, result: LaunchResult) {
        let phone = phones[context.deviceName]!
        launches.append(LaunchRecord(device: context.deviceName, incarnation: context.incarnation, build: build, result: result,
                                     downgraded: phone.build < phone.highestBuild, healing: healing))
        context.record("launch build \(build): \(result)")
        if case .crashed = result { context.sometimes("swiff: the app crashed at launch") }
        if healing, result == .opened { healingOpens[context.deviceName] = context.wallClockMilliseconds() }
    }

    /// The app answered `action` with a failure (its process lives on): the user was told it did not
    /// happen. `storageFaults`: whether the process ran on a failing disk.
    func reject(_ action: SwiffAction, on context: DeviceContext, build: Int, restoredBytes: [UInt8]?, storageFaults: Bool) {
        let name = context.deviceName
        let added: LogicalKey
        switch action {
        case .restore:
            refusedRestores.append(RefusedRestore(device: name, build: build, backup: restoredBytes, storageFaults: storageFaults))
            context.sometimes("swiff: a restore the app refused")
            return
        case .addPerson(let person): added = LogicalKey(kind: "person", id: person.id)
        case .addExpense(let expense): added = LogicalKey(kind: "expense", id: expense.id)
        case .addSettlement(let settlement): added = LogicalKey(kind: "settlement", id: settlement.id)
        case .addSubscription(let subscription): added = LogicalKey(kind: "subscription", id: subscription.id)
        default: return  // an edit or a backup: nothing new the store must not hold
        }
        failedSaves.append(FailedSave(device: name, key: added))
        context.sometimes("swiff: a save the app reported as failed")
    }

    /// The app confirmed `action`: the user expects its data now (a restore: the backup's).
    func acknowledge(_ action: SwiffAction, on context: DeviceContext, build: Int, restoredBytes: [UInt8]?) {
        if case .restore = action {
            reportedRestores.insert("\(context.deviceName)#\(context.incarnation)")
            if let store = LogicalStore(bytes: restoredBytes) { phones[context.deviceName]!.ledger.reset(to: store) }
            context.sometimes("swiff: a restore the user asked for")
            return
        }
        phones[context.deviceName]!.ledger.apply(action, build: build)
    }

    /// A write of the store file: when the bytes are a backup's (or an imported file's), a restore.
    func noteStoreWrite(_ context: DeviceContext, _ bytes: [UInt8]) {
        let sources = context.listFiles(prefix: "Backups/") + context.listFiles(prefix: "Imports/")
        guard let source = sources.first(where: { $0.hasSuffix(".store") && context.readFile($0) == bytes }) else { return }
        restores.append(RestoreEvent(device: context.deviceName, incarnation: context.incarnation, source: source,
                                     before: context.readFile(PersistenceService.storePath), restored: bytes))
    }

    // MARK: Healing and the world

    /// Swiff's part of healing (the harness runs it): the user updates every device to the newest
    /// build before faults end, then opens the app on every device, twice in turn.
    var healingPlan: Healing<Device> {
        var healing = Healing(members: order.map { phones[$0]!.device }, device: { $0 })
        healing.prepare = {
            for name in self.order { self.install(self.phones[name]!.device, build: SwiffBuild.latest) }
            self.healing = true
        }
        healing.rounds = 2...2
        healing.open = { device in
            self.launch(device)
            await device.waitUntilStopped()
        }
        return healing
    }

    var world: SwiffWorld {
        let list = order.map { name -> SwiffWorld.Phone in
            let files = phones[name]!.device.files
            var backups: [String: [UInt8]] = [:]
            for path in files.list(prefix: "Backups/") where path.hasSuffix(".store") { backups[path] = files.read(path) }
            return SwiffWorld.Phone(name: name, expected: phones[name]!.ledger.expected,
                                    store: files.read(PersistenceService.storePath), backups: backups,
                                    backupIndex: files.read(BackupService.indexPath))
        }
        return SwiffWorld(phones: list, launches: launches, restores: restores, upgrades: upgrades, reportedRestores: reportedRestores,
                          refusedRestores: refusedRestores, failedSaves: failedSaves, healingOpens: healingOpens)
    }
}
