import AppPorts
import FakeCloud
import SimCore
import SimHarness
import Swiff

/// One Swiff run's stage: the shared cast (devices, builds, queued actions) plus what the user
/// expects to find (per device: no cloud, each store is its own) and what the harness saw happen
/// (launches, restores, upgrades). Scenarios script it.
final class SwiffStage: Cast<SwiffAction>, @unchecked Sendable {
    /// A device as the device app sees it: its build and its disk's faults.
    struct Phone {
        let device: Device
        let build: Int
        let faults: SimulatedStorageFaults
    }

    let variant: SwiffVariant
    let dataset: SwiffImport
    /// The stored balances the old release left drifted in the dataset's store.
    let drift: SwiffBalanceDrift
    /// Storage faults reach the devices' disks (off while the scenario sets up).
    var storageFaults = false
    /// Per device name: the storage faults its disk meets when they are on.
    private var diskFaults: [String: SimulatedStorageFaults] = [:]
    private(set) var launches: [LaunchRecord] = []
    private(set) var restores: [RestoreEvent] = []
    private(set) var upgrades: [UpgradeRecord] = []
    private(set) var reportedRestores: Set<String> = []
    private(set) var healing = false
    private(set) var refusedRestores: [RefusedRestore] = []
    private(set) var failedSaves: [FailedSave] = []
    private(set) var healingOpens: [String: Int64] = [:]

    init(sim: Simulator, variant: SwiffVariant, size: Int) {
        self.variant = variant
        var data = sim.random.fork("swiff:dataset")
        dataset = SwiffDataset.generate(&data, size: size)
        var drawn = sim.random.fork("swiff:drift")
        drift = SwiffBalanceDrift.draw(dataset, &drawn)
        super.init(sim, app: "swiff")
        deviceApp = { [weak self] context in
            guard let self else { return }
            await SwiffDeviceApp(stage: self).main(context)
        }
        sim.record("sim", "swiff variant=\(variant.name) persons=\(dataset.persons.count) expenses=\(dataset.expenses.count) drifted=\(drift.entries.count)")
    }

    /// A fresh id drawn by the script (uppercase, as Swift's `UUID().uuidString`).
    func newId() -> String { newID().uppercased() }

    func phone(_ device: Device) -> Phone {
        Phone(device: device, build: build(of: device), faults: diskFaults[device.name]!)
    }

    func phone(named name: String) -> Phone { phone(device(name)) }

    @discardableResult
    func addDevice(_ name: String) -> Device {
        let device = addDevice(name, config: DeviceConfig())
        diskFaults[name] = SimulatedStorageFaults(sim, device: name)
        return device
    }

    /// Installs `build` (an update, or a downgrade when older than one the device ran), noting an
    /// upgrade with the store it starts from.
    override func install(_ device: Device, build: Int) {
        let installed = self.build(of: device)
        if build > installed && installed > 0 {
            upgrades.append(UpgradeRecord(device: device.name, from: installed, to: build, store: device.files.read(PersistenceService.storePath)))
        }
        super.install(device, build: build)
    }

    /// One sitting: the user opens the app and does `actions`; the kill family may kill the app
    /// at a point drawn from `phases` (up to `maxKills` times), the user reopening it each time.
    func session(_ device: Device, _ actions: [SwiffAction], kill phases: [String], maxKills: Int) async {
        enqueue(device, actions)
        launch(device)
        if maxKills > 0 { await kills.killRepeatedly(device, times: maxKills, at: SwiffKill.table(phases, rows: rows)) }
        await device.waitUntilStopped()
        enqueue(device, [])
    }

    /// Rows of the dataset that a migration stage walks (bounds a kill's await point).
    var rows: Int { dataset.persons.count + dataset.expenses.count }

    // MARK: The device app's reports

    func noteLaunch(_ context: DeviceContext, build: Int, result: LaunchResult) {
        let device = device(context.deviceName)
        launches.append(LaunchRecord(device: context.deviceName, incarnation: context.incarnation, build: build, result: result,
                                     downgraded: self.build(of: device) < highestBuild(of: device), healing: healing))
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

    /// The app confirmed `action` (the user now expects its data: `expected(_:)`); a restore is noted.
    func acknowledge(_ action: SwiffAction, on context: DeviceContext) {
        guard case .restore = action else { return }
        reportedRestores.insert("\(context.deviceName)#\(context.incarnation)")
        context.sometimes("swiff: a restore the user asked for")
    }

    /// What the user of device `name` expects its store to hold: the fold of the device's
    /// confirmed operations (`ExpectedStore`).
    func expected(_ name: String) -> ExpectedStore {
        ExpectedStore(ledger: OperationLedger(history: sim.history), device: name)
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
        var healing = Healing(members: devices, device: { $0 })
        healing.prepare = {
            for device in self.devices { self.install(device, build: SwiffBuild.latest) }
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
        let list = devices.map { device -> SwiffWorld.Phone in
            let name = device.name
            let files = device.files
            var backups: [String: [UInt8]] = [:]
            for path in files.list(prefix: "Backups/") where path.hasSuffix(".store") { backups[path] = files.read(path) }
            return SwiffWorld.Phone(name: name, expected: expected(name).expected,
                                    store: files.read(PersistenceService.storePath), backups: backups,
                                    backupIndex: files.read(BackupService.indexPath))
        }
        return SwiffWorld(phones: list, launches: launches, restores: restores, upgrades: upgrades, reportedRestores: reportedRestores,
                          refusedRestores: refusedRestores, failedSaves: failedSaves, healingOpens: healingOpens)
    }
}
