import AppPorts
import AppleStandIns
import CryptoSavings
import FakeCloud
import SimCore
import SimHarness

/// One CryptoSavings run's stage: the shared cast (devices, builds, queued actions, sessions)
/// plus the fake CloudKit, each device's iCloud account and time zone, what the users expect (the
/// ledger, a fold of the run's history) and what the harness saw (launches, wipes). Scenarios
/// script it; healing and the checks read it.
final class CryptoStage: Cast<SavingsAction>, @unchecked Sendable {
    /// A device as the device app and the checkers see it.
    struct Phone {
        let device: Device
        var build: Int
        let faults: SimulatedStorageFaults
    }

    let variant: CryptoSavingsVariant
    let size: Int
    let handle: ServiceHandle<CloudKitServer>
    /// Storage faults reach the devices' disks.
    var storageFaults = false
    /// The mirror's asset threshold (scaled with the server's limits by the scenario's options).
    var assetThresholdBytes = CloudKitMirrorOptions().assetThresholdBytes
    /// Per device name, the storage faults its disk meets when they are on.
    private var diskFaults: [String: SimulatedStorageFaults] = [:]
    /// The goals and assets the script has had the users make (confirmed or not).
    var catalogue = CryptoCatalogue()
    private(set) var wipes: [String] = []
    /// Per device, the sync traffic (records imported + exported) of its last launch.
    private(set) var lastTraffic: [String: Int] = [:]
    private(set) var healing = false
    /// Barriers passed at which every device agreed (see `barrier`).
    var epoch = 0
    /// Per device, the edit its app is performing: handed over and not answered yet. A kill leaves
    /// it here for the relaunch to look at (`noteEditSavedBeforeKill`).
    var editsInFlight: [String: EditInFlight] = [:]

    init(sim: Simulator, variant: CryptoSavingsVariant, size: Int, config: CloudKitServerConfig) {
        self.variant = variant
        self.size = size
        handle = sim.network.register(CloudKitServer(simulator: sim, config: config))
        super.init(sim, app: "cryptosavings")
        deviceApp = { [weak self] context in
            guard let self else { return }
            await CryptoDeviceApp(stage: self).main(context)
        }
        sim.record("sim", "cryptosavings variant=\(variant.name) size=\(size) pageSize=\(config.changesPageSize)")
    }

    var server: CloudKitServer { sim.network.service(handle) }

    /// The device names, in the order they were added.
    var order: [String] { devices.map(\.name) }

    func phone(_ name: String) -> Phone {
        let device = device(name)
        return Phone(device: device, build: build(of: device), faults: diskFaults[name]!)
    }

    /// A device with `build` installed, signed in to `user` (nil: no iCloud account).
    @discardableResult
    func addDevice(_ name: String, user: String?, build: Int = 2, utcOffsetSeconds: Int = 0, epochMilliseconds: Int64? = nil) -> Device {
        var config = DeviceConfig(utcOffsetSeconds: utcOffsetSeconds, timeZoneName: "UTC\(utcOffsetSeconds >= 0 ? "+" : "")\(utcOffsetSeconds / 3600)")
        if let epochMilliseconds { config.epochMilliseconds = epochMilliseconds }
        let device = addDevice(name, config: config, build: build)
        diskFaults[name] = SimulatedStorageFaults(sim, device: name)
        setAccount(device, user.map { .available(user: $0) } ?? .noAccount)
        return device
    }

    /// What Settings says the device is signed in to.
    func setAccount(_ device: Device, _ account: CloudKitDeviceAccount) {
        server.setAccount(account, device: device.name)
        sim.record(device.name, "iCloud account \(account)")
    }

    func account(_ device: Device) -> CloudKitDeviceAccount { server.account(of: device.name) }

    /// The device's wall clock now (as its app reads it).
    func wallMilliseconds(_ device: Device) -> Int64 {
        device.config.epochMilliseconds + sim.now.nanoseconds / 1_000_000 + device.config.clockSkewMilliseconds
    }

    // MARK: What the device app reports

    func noteLaunch(_ context: DeviceContext, _ result: SavingsLaunch) {
        context.record("launch build \(build(of: device(context.deviceName))): \(result)")
        if case .wiped = result {
            wipes.append(context.deviceName)
            context.sometimes("cryptosavings: the store was wiped at launch")
        }
        if case .failed = result { context.sometimes("cryptosavings: the store failed to open") }
    }

    func noteTraffic(_ context: DeviceContext, _ records: Int) { lastTraffic[context.deviceName] = records }

    /// The device's mirror is bound to `user` (nil: to no account yet).
    func noteMirroredUser(_ context: DeviceContext, _ user: String?) {
        if let user { observe(.mirrored(user: user), context) }
    }

    /// Records an action handed to the device's app, a process of `build` (before it runs);
    /// returns its operation.
    func attempt(_ action: SavingsAction, _ context: DeviceContext, owner: String?, build: Int) -> Int {
        let month = MonthLabel.label(context.wallClockMilliseconds(), offsetSeconds: MonthLabel.declaredOffsetSeconds)
        let event = CryptoEvent.action(action, owner: owner, month: month, build: build)
        if action != .sync {
            let store = phone(context.deviceName).device.files.content(CryptoSavingsApplication.storePath)
            editsInFlight[context.deviceName] = EditInFlight(action: action, owner: owner, month: month, build: build, storeBefore: store)
        }
        return context.begin(event.operationName, event, epoch: epoch)
    }

    /// The device's app answered the action it was handed (confirmed or not): no longer in flight.
    func settle(_ context: DeviceContext) { editsInFlight[context.deviceName] = nil }

    /// The app confirmed the action (`ok`, with the month it was confirmed in).
    func acknowledge(_ operation: Int, _ action: SavingsAction, _ context: DeviceContext) {
        let month = MonthLabel.label(context.wallClockMilliseconds(), offsetSeconds: MonthLabel.declaredOffsetSeconds)
        context.complete(operation, .ok, result: month)
        context.record("confirmed \(action)")
    }

    /// The device's mirror has just dropped local objects for the server's copies on an export
    /// conflict: the device's edits so far are no longer sure to stand.
    func noteServerWins(_ context: DeviceContext) {
        observe(.serverWins, context)
        context.sometimes("cryptosavings: an export conflict dropped local edits")
    }

    /// Records an observation of the device's app in the history (begun and ended at once).
    func observe(_ event: CryptoEvent, _ context: DeviceContext) {
        context.observe(event.operationName, event, epoch: epoch)
    }

    /// The users' operations so far, read from the run's history.
    var ledger: OperationLedger<CryptoEvent> { OperationLedger(history: sim.history) }

    func beginHealing() { healing = true }
}
