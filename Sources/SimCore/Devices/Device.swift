/// Where a device is in its lifecycle.
public enum DeviceState: String, Sendable {
    case notLaunched = "not-launched"
    case running
    /// The app's entry point returned; the process is still alive but idle.
    case exited
    case killed
}

/// A simulated app process on one device: its own executor (every job is attributed to it),
/// durable state that survives a kill (files, flushed key-value writes) and a skewed wall clock
/// in its own time zone.
///
/// Lifecycle: `launch` runs the app's entry point; `kill` — at any await point — drops the
/// incarnation's queued and future jobs, its timers and in-flight responses, and unflushed
/// key-value writes, keeping durable state; `relaunch` runs the entry point again over it.
public final class Device: @unchecked Sendable {
    /// The device's name in traces (`device-1`).
    public let name: String
    /// Position among the simulator's devices.
    public let index: Int
    /// Wall clock, time zone and flush timing.
    public let config: DeviceConfig
    /// Durable files.
    public let files = FileStore()
    /// The UserDefaults-like store.
    public let defaults = DeviceDefaults()
    /// Lifecycle state.
    @exclusivity(unchecked) public private(set) var state: DeviceState = .notLaunched
    /// How many times the app was launched (1 after the first launch). Like `state`, read on every
    /// simulated request and touched only on the simulation's thread: no dynamic exclusivity check.
    @exclusivity(unchecked) public private(set) var incarnation = 0
    /// How many times the app was killed.
    public private(set) var kills = 0
    /// The current incarnation's context (nil before the first launch).
    public private(set) var context: DeviceContext?

    unowned let simulator: Simulator
    private(set) var slot = -1
    private var entry: (@Sendable (DeviceContext) async -> Void)?
    private var tasks: [Task<Void, Never>] = []
    private var flushArmed = false
    private var flushRandom: SimRandom
    private var stopWaiters: [StopWaiter] = []

    init(name: String, index: Int, config: DeviceConfig, simulator: Simulator) {
        self.name = name
        self.index = index
        self.config = config
        self.simulator = simulator
        self.flushRandom = simulator.random.fork("device:\(name):flush")
        files.clock = { [unowned simulator] in simulator.now }
    }

    /// Launches the app with its entry point (kept for relaunches).
    public func launch(_ entry: @escaping @Sendable (DeviceContext) async -> Void) {
        self.entry = entry
        start()
    }

    /// Runs the entry point again over the durable state (after a kill or an exit).
    public func relaunch() {
        precondition(entry != nil, "relaunch needs an earlier launch")
        if state == .running { kill(reason: "relaunch") }
        start()
    }

    private func start() {
        // Two live incarnations of one app would share its durable state and its device's name in
        // the trace, and the older one would never be killed: relaunch kills the running one first.
        precondition(state != .running, "\(name): launch of a running device (relaunch it, or wait until it stops)")
        incarnation += 1
        slot = simulator.makeSlot(name: "\(name)#\(incarnation)", device: self)
        let context = DeviceContext(device: self, simulator: simulator, slot: slot, incarnation: incarnation)
        self.context = context
        state = .running
        simulator.record(name, "launch #\(incarnation)")
        let entry = self.entry!
        let task = Task(executorPreference: simulator.executor(slot: slot)) { [weak self] in
            await entry(context)
            self?.entryReturned(incarnation: context.incarnation)
        }
        tasks.append(task)
    }

    private func entryReturned(incarnation: Int) {
        precondition(incarnation <= self.incarnation, "\(name): incarnations only grow")
        guard incarnation == self.incarnation, state == .running else { return }
        state = .exited
        simulator.record(name, "exit #\(incarnation)")
        wakeStopWaiters()
    }

    /// Observers called on the simulator's thread right after every kill, in the order they were
    /// added (the kill injector reopens the app; a script may count kills or mark coverage).
    private var killObservers: [@Sendable (Device) -> Void] = []

    /// Adds an observer called right after every kill of this device. Observers compose: adding
    /// one never replaces another (the kill sweep's reopen keeps working beside a script's own).
    public func onKill(_ observer: @escaping @Sendable (Device) -> Void) {
        killObservers.append(observer)
    }

    /// Asked on the simulator's thread when a response is about to reach the running app, after
    /// the server applied its request: `true` kills the app at that instant, so it never learns
    /// the answer (the kill between a server's commit and the client's record of it). A kill
    /// injector sets it; nil (the default) lets every response through.
    public var responseGate: (@Sendable (Device) -> Bool)?

    /// Kills the process now: memory and unflushed key-value writes are lost, durable state kept.
    public func kill(reason: String = "kill") {
        guard state == .running || state == .exited else { return }
        state = .killed
        kills += 1
        simulator.killSlot(slot)
        let lost = defaults.loseUnflushed()
        flushArmed = false
        simulator.record(name, "kill #\(incarnation) \(reason) lost-unflushed=\(lost)")
        simulator.history.interruptAll(process: name, at: simulator.now.nanoseconds)
        wakeStopWaiters()
        for observer in killObservers { observer(self) }
    }

    /// Arms a kill right after the incarnation's next `jobs` jobs (await points) have run.
    public func killAfter(jobs: Int) {
        precondition(jobs > 0, "kill after at least one job")
        precondition(slot > 0, "\(name): killAfter before the first launch")
        simulator.setKillAfterJobs(slot, jobs: jobs)
    }

    /// Drops a `killAfter(jobs:)` countdown that has not fired (nothing happens when none is armed).
    public func cancelKill() {
        guard slot > 0 else { return }
        simulator.clearKillAfterJobs(slot)
    }

    /// Jobs the current incarnation has run (its await points so far).
    public var jobsThisIncarnation: Int { slot >= 0 ? simulator.jobsRun(slot: slot) : 0 }

    /// Waits until the current incarnation stops (its entry point returns, or it is killed).
    public func waitUntilStopped() async {
        guard state == .running else { return }
        let waiter = StopWaiter(simulator: simulator)
        stopWaiters.append(waiter)
        await withUnsafeContinuation { waiter.begin($0) }
    }

    private func wakeStopWaiters() {
        let waiters = stopWaiters
        stopWaiters.removeAll()
        for waiter in waiters { waiter.abandon() }
    }

    /// Called by the context after a key-value write: arms the lazy flush.
    func defaultsWritten() {
        precondition(state == .running || state == .exited, "\(name): a key-value write from a dead process")
        guard !flushArmed else { return }
        flushArmed = true
        let delay = Int64(flushRandom.int(in: config.flushDelayMilliseconds)) * 1_000_000
        simulator.schedule(at: simulator.now.nanoseconds + delay, slot: slot) { [self] in
            flushArmed = false
            let count = defaults.flush()
            simulator.record(name) { text in
                text.append("defaults flush ")
                text.append(count)
            }
        }
    }

    /// Teardown: cancel every task this device ever started.
    func cancelAllTasks() {
        precondition(simulator.isTearingDown, "\(name): tasks are cancelled in bulk only at teardown")
        for task in tasks { task.cancel() }
        tasks.removeAll()
        wakeStopWaiters()
    }

    /// End of the run: the context holds the simulator, which holds this device, and the entry
    /// point kept for relaunches may hold it too (an app that keeps its harness, which keeps the
    /// simulator). Releasing both lets a finished run free everything, so memory stays flat across
    /// many runs in one process.
    func releaseRunState() {
        context = nil
        entry = nil
        killObservers = []
    }
}

/// A root-task waiter for a device to stop.
final class StopWaiter: SimWaiter, @unchecked Sendable {
    private let simulator: Simulator
    private var continuation: UnsafeContinuation<Void, Never>?
    private var done = false

    init(simulator: Simulator) { self.simulator = simulator }

    func begin(_ continuation: UnsafeContinuation<Void, Never>) {
        precondition(self.continuation == nil, "a stop waiter begins once")
        if done { continuation.resume(); return }
        self.continuation = continuation
        simulator.register(self)
    }

    override func abandon() {
        done = true
        guard let continuation, settle() else { return }
        self.continuation = nil
        simulator.unregister(self)
        continuation.resume()
    }
}
