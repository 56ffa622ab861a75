import SimCore

/// The cast of one run, the same for every app: the devices in the order they were added, the
/// build installed on each, the user's actions queued for each device's app, and the stage
/// plumbing every script needs — seeded draws and ids, pauses, scripted offline windows,
/// installs, first launch or relaunch, and sessions under the device's kill sweep. An app's stage
/// is a subclass that adds only its domain state (TigerBeetle's cluster harness holds the
/// replicas; the workload holds only what it checks).
///
/// ```swift
/// final class NotesStage: Cast<NoteAction>, @unchecked Sendable {
///     init(_ sim: Simulator) {
///         super.init(sim, app: "notes")
///         deviceApp = { [weak self] context in
///             guard let self else { return }
///             await NotesDeviceApp(stage: self).main(context)
///         }
///     }
/// }
/// let phone = stage.addDevice("phone")
/// stage.kills.sweep(phone, LifeSweep(phases: ["sync"]))
/// await stage.session(phone, [.write("note-1"), .sync])
/// ```
open class Cast<Action: Sendable>: @unchecked Sendable {
    /// The simulation the cast plays in.
    public let sim: Simulator
    /// Every kill the run injects (sweeps, armed points, scripted kills).
    public let kills: KillInjector
    /// The script's own random stream (`<app>:stage`): its choices, and ids it makes up.
    public var random: SimRandom
    /// The app's process on a device: what `launch` starts (set once, before the first launch).
    public var deviceApp: (@Sendable (DeviceContext) async -> Void)?
    /// The devices, in the order they were added.
    public private(set) var devices: [Device] = []
    private var builds: [String: (installed: Int, highest: Int)] = [:]
    /// Per queue (a device's name, or a named lane of it), the actions not taken yet, each with its number.
    private var queues: [String: [(id: Int, action: Action)]] = [:]
    private var lastActionID = 0
    /// Numbers of the actions the device apps reported done.
    public private(set) var done: Set<Int> = []
    /// Devices whose user queues nothing more: their apps may exit once their queue is empty.
    private var finished: Set<String> = []

    /// The cast of one run of `app` (its name prefixes the random stream and the kill marks).
    public init(_ sim: Simulator, app: String) {
        self.sim = sim
        random = sim.random.fork("\(app):stage")
        kills = KillInjector(sim: sim, app: app)
    }

    // MARK: Choices and time

    /// A seeded integer in `0..<bound` for the script's choices (0 when `bound` < 1).
    public func draw(_ bound: Int) -> Int { random.below(max(1, bound)) }

    /// A fresh lowercase UUID drawn from the script's stream.
    public func newID() -> String { random.uuidString() }

    /// Lets virtual time pass on the script's clock.
    public func pause(_ duration: Duration) async {
        await sim.sleep(for: duration)
    }

    /// Lets `seconds` of virtual time pass.
    public func pause(seconds: Int) async { await pause(.seconds(Int64(seconds))) }

    /// Lets `days` of virtual time pass.
    public func pause(days: Int) async { await pause(seconds: days * 86_400) }

    // MARK: Devices, builds and launches

    /// Adds a device with `build` installed (0: none yet).
    @discardableResult
    public func addDevice(_ name: String, config: DeviceConfig = DeviceConfig(), build: Int = 0) -> Device {
        precondition(builds[name] == nil, "two devices named \(name)")
        let device = sim.addDevice(name, config: config)
        devices.append(device)
        builds[name] = (build, build)
        finished.insert(name)
        return device
    }

    /// The device named `name` (it must have been added).
    public func device(_ name: String) -> Device {
        guard let device = devices.first(where: { $0.name == name }) else { preconditionFailure("no device named \(name)") }
        return device
    }

    /// The build installed on the device.
    public func build(of device: Device) -> Int { builds[device.name]!.installed }

    /// The newest build the device ever had installed (an older `build(of:)` is a downgrade).
    public func highestBuild(of device: Device) -> Int { builds[device.name]!.highest }

    /// Installs `build` on the device (an update, or a downgrade when older), with a trace record.
    /// A stage that notes upgrades overrides it and calls `super`.
    open func install(_ device: Device, build: Int) {
        let old = builds[device.name]!
        builds[device.name] = (build, max(old.highest, build))
        sim.record(device.name, "install build \(build)")
    }

    /// Launches the device's app: its first launch starts `deviceApp`, later ones relaunch it
    /// over the same files. A stage that resets per-process state overrides it and calls `super`.
    open func launch(_ device: Device) {
        if device.incarnation == 0 {
            guard let deviceApp else { preconditionFailure("the cast has no device app to launch") }
            device.launch(deviceApp)
        } else {
            device.relaunch()
        }
    }

    // MARK: The user's actions

    /// Replaces the actions queued for the device's app.
    public func enqueue(_ device: Device, _ actions: [Action]) {
        queues[device.name] = []
        for action in actions { append(device, action) }
    }

    /// Queues one more action for the device's app, while it runs or before; returns its number
    /// (1, 2, … in the order queued across the run). `lane` names another queue of the device
    /// (a second process's, such as an App Intents extension beside the app; default: the app's,
    /// named as the device).
    @discardableResult
    public func append(_ device: Device, _ action: Action, lane: String? = nil) -> Int {
        lastActionID += 1
        queues[lane ?? device.name, default: []].append((lastActionID, action))
        return lastActionID
    }

    /// Whether a queue (a device's name, or a lane) holds actions not taken yet.
    public func hasQueued(_ lane: String) -> Bool { queues[lane]?.isEmpty == false }

    /// The next action the device's app takes from its user (nil: none left).
    public func takeAction(_ deviceName: String) -> Action? { takeNumberedAction(deviceName)?.action }

    /// The next action with its number, for an app that reports it done (`markDone`).
    public func takeNumberedAction(_ deviceName: String) -> (id: Int, action: Action)? {
        guard queues[deviceName]?.isEmpty == false else { return nil }
        return queues[deviceName]!.removeFirst()
    }

    /// The device app did action `id`.
    public func markDone(_ id: Int) { done.insert(id) }

    /// The script will queue more actions for the device while its app runs: the app stays open
    /// (polling its queue) until `finish`.
    public func keepOpen(_ device: Device) { finished.remove(device.name) }

    /// The script queues nothing more for the device: its app may exit once its queue is empty.
    public func finish(_ device: Device) { finished.insert(device.name) }

    /// Whether the device's user is done: finished, and nothing left in its queue (or in `lane`,
    /// for a second process of the device).
    public func isFinished(_ deviceName: String, lane: String? = nil) -> Bool {
        finished.contains(deviceName) && !hasQueued(lane ?? deviceName)
    }

    /// One sitting: the user opens the app and does `actions`; a kill of the device's sweep lands
    /// wherever it draws, and the user reopens the killed app. Returns when the app stopped for
    /// good; what the app did not take is dropped.
    public func session(_ device: Device, _ actions: [Action]) async {
        enqueue(device, actions)
        launch(device)
        await kills.waitUntilDone(device)
        queues[device.name] = []
    }

    // MARK: Scripted perturbations

    /// A scripted offline window from now on (a `script` fault, so `shrink` can drop it); false
    /// when a replay's schedule dropped it.
    @discardableResult
    public func goOffline(_ device: Device, _ label: String) -> Bool {
        guard ScriptedStep.allows("offline", subject: "\(device.name)@\(label)", in: sim) else { return false }
        sim.network.setOffline(device, true)
        return true
    }

    /// The device back online.
    public func goOnline(_ device: Device) { sim.network.setOffline(device, false) }
}
