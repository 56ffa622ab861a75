import Synchronization

/// The seeded discrete-event simulator: virtual time, a deterministic executor per simulated
/// process, devices, a network, faults and a trace — everything one run needs.
///
/// `run` is synchronous and drives the loop on the calling thread: run every ready job; only when
/// none is ready, pop the next timer (ordered by virtual time, then insertion) and set `now`
/// before firing it. Same seed, same options → the same run, byte for byte, in any process.
/// All state is touched only on that thread (checked at every API), hence `@unchecked Sendable`.
public final class Simulator: @unchecked Sendable {
    /// The root seed of this run.
    public let seed: UInt64
    /// The options this run was created with.
    public let options: SimulatorOptions
    /// The root stream; components take `random.fork(label)`.
    public let random: SimRandom
    /// The run's trace (hash always on; records when `options.recordTrace`).
    public let trace: Trace
    /// Fault decisions and the log of injected faults.
    @exclusivity(unchecked) public private(set) var faults: FaultInjector!
    /// The simulated network.
    @exclusivity(unchecked) public private(set) var network: Network!
    let buggifyState = BuggifyState()
    /// `sometimes` coverage marks reached in this run.
    public let coverage = Coverage()
    /// Client operations of this run (what each device invoked and how it ended).
    public let history = History()
    // The loop's state below is touched only on the simulation's thread (checked at every API)
    // and never through overlapping accesses, so its dynamic exclusivity checks are turned off:
    // they were a tenth of a simulated request's cost.

    /// The current virtual time.
    @exclusivity(unchecked) public private(set) var now: SimInstant = .zero
    /// Jobs run plus timers fired (timers dropped unfired — a dead device's, a settled waiter's —
    /// are not counted).
    @exclusivity(unchecked) public private(set) var events = 0
    /// Jobs run.
    @exclusivity(unchecked) public private(set) var jobsRun = 0
    /// Devices, in the order they were added.
    public private(set) var devices: [Device] = []
    /// Jobs still unfinished after teardown (tasks that ignored cancellation or waited on
    /// something outside the simulation); they are leaked, and counted here.
    public private(set) var leakedJobs = 0

    struct ReadyJob {
        let job: UnownedJob
        let slot: Int32
    }

    struct TimerAction {
        /// The executor slot whose death cancels this timer, or -1.
        let slot: Int32
        let work: TimerWork
    }

    /// What a timer does when it fires.
    enum TimerWork {
        /// Runs a closure.
        case run(() -> Void)
        /// Expires a waiter (a sleep's deadline, a call's timeout); dropped unfired once the
        /// waiter has settled some other way.
        case expire(SimWaiter)
    }

    private let ready = ReadyQueue<ReadyJob>()
    private var parkedDeadJobs: [ReadyJob] = []
    @exclusivity(unchecked) private var scheduler: SimRandom
    @exclusivity(unchecked) private var timers = TimerHeap<TimerAction>()
    /// Timers in the heap whose waiter has settled (dropped when popped, or shed in bulk).
    @exclusivity(unchecked) private var deadTimers = 0

    private(set) var executors: [SimExecutor] = []
    @exclusivity(unchecked) private var unownedExecutors: [UnownedTaskExecutor] = []
    @exclusivity(unchecked) private(set) var slotAlive: [Bool] = []
    @exclusivity(unchecked) private var slotJobs: [Int] = []
    @exclusivity(unchecked) private var slotKillAfter: [Int] = []
    private var slotDevice: [Device?] = []
    private(set) var slotNames: [String] = []

    @exclusivity(unchecked) private var waiters = WaiterList()

    @exclusivity(unchecked) private var thread: ThreadIdentity?
    /// True between the start and the end of `run` (teardown included).
    @exclusivity(unchecked) public private(set) var isRunning = false
    /// True while abandoned tasks are being unwound after the run was decided.
    @exclusivity(unchecked) public private(set) var isTearingDown = false
    private var hasRun = false
    @exclusivity(unchecked) private var drainingMainQueue = false

    /// Escapes of this run, shared with the executors.
    let escapeLog = EscapeLog()
    /// Set by the root task when it returns or throws (checked every loop turn, so not generic).
    private var rootFinished = false

    /// Creates a simulator for one run. Nothing runs until `run`.
    public init(seed: UInt64, options: SimulatorOptions = SimulatorOptions()) {
        self.seed = seed
        self.options = options
        self.random = SimRandom(seed: seed, tape: options.choices)
        self.trace = Trace(recording: options.recordTrace, hashing: options.hashTrace)
        self.scheduler = random.fork("scheduler")
        _ = EscapeDetector.installed
        let rootSlot = makeSlot(name: "sim", device: nil)
        precondition(rootSlot == 0, "the root executor is slot 0")
        self.faults = FaultInjector(source: options.faultSource, random: random) { [unowned self] fault in
            self.record("faults", "inject \(fault)")
        }
        self.network = Network(simulator: self)
    }

    // MARK: Running

    /// Runs `body` as the root task of the simulation and drives the loop until it finishes.
    ///
    /// The closure must be `@Sendable`: a closure written in a `@MainActor` context would
    /// otherwise inherit main-actor isolation and leave the simulation at its first hop.
    public func run<T: Sendable>(_ body: @escaping @Sendable (Simulator) async throws -> T) throws -> T {
        guard !hasRun else { throw SimulationError.alreadyRun }
        hasRun = true
        let box = RootResult<T>()
        start()
        defer { finish() }
        let root = Task(executorPreference: executors[0]) { [unowned self] in
            do { box.value = .success(try await body(self)) } catch { box.value = .failure(error) }
            self.rootFinished = true
        }
        _ = root
        do {
            try loop()
        } catch {
            teardown()
            throw error
        }
        teardown()
        return try box.value!.get()
    }

    private func start() {
        thread = .current
        isRunning = true
        EscapeDetector.setCurrent(self)
        record("sim", "start seed=\(seed) policy=\(options.policy.rawValue)")
        trace.note(time: 0, component: "sim", event: "faults \(faults.plan.summary)")
    }

    private func finish() {
        isRunning = false
        EscapeDetector.setCurrent(nil)
    }

    private func loop() throws {
        while !rootFinished {
            if escapeLog.hasEscapes { throw SimulationError.escape(escapeLog.all) }
            if events >= options.maxEvents {
                throw SimulationError.budgetExhausted(events: events, pending: pendingDescription())
            }
            if ready.count > 0 {
                runNextJob()
            } else if let timer = timers.pop() {
                fire(timer.payload, at: timer.deadline)
            } else {
                try stalled()
            }
        }
    }

    /// Fires a popped timer, unless it is dead: its slot's process was killed, or its waiter
    /// settled before it (a call answered before its timeout). A dead timer neither moves time
    /// nor counts as an event.
    @inline(__always)
    private func fire(_ action: TimerAction, at deadline: Int64) {
        switch action.work {
        case .run(let body):
            if action.slot >= 0 && !slotAlive[Int(action.slot)] { return }
            now = SimInstant(nanoseconds: deadline)
            events += 1
            body()
        case .expire(let waiter):
            waiter.hasPendingTimer = false
            if waiter.isSettled {
                precondition(deadTimers > 0, "a dead timer popped that was never counted dead")
                deadTimers -= 1
                return
            }
            if action.slot >= 0 && !slotAlive[Int(action.slot)] { return }
            now = SimInstant(nanoseconds: deadline)
            events += 1
            waiter.expire()
        }
    }

    @inline(__always)
    private func runNextJob() {
        if options.policy == .random {
            let choices = ready.count
            if choices > 1 {
                let pick = scheduler.below(choices)
                if pick != 0 { ready.swapFront(withOffset: pick) }
                trace.mixChoice(UInt64(pick) << 32 | UInt64(choices))
            }
        }
        let entry = ready.removeFirst()
        let slot = Int(entry.slot)
        guard slotAlive[slot] || isTearingDown else {
            parkedDeadJobs.append(entry)
            return
        }
        trace.mixChoice(UInt64(slot) &+ 0x5bd1_e995)
        entry.job.runSynchronously(on: unownedExecutors[slot])
        events += 1
        jobsRun += 1
        slotJobs[slot] += 1
        if slotKillAfter[slot] != 0 && slotJobs[slot] == slotKillAfter[slot] && !isTearingDown {
            slotDevice[slot]?.kill(reason: "at await point \(slotJobs[slot])")
        }
    }

    // MARK: Executor entry points

    /// Called by `SimExecutor.enqueue` on the simulation's thread while the run is on. While the
    /// main queue is being drained at a stall, a job enqueued here came from a `@MainActor` hop:
    /// it is recorded as that escape and dropped.
    @inline(__always)
    func enqueue(_ job: UnownedJob, slot: Int) {
        if drainingMainQueue {
            recordEscape(.mainActorHop)
            return
        }
        ready.append(ReadyJob(job: job, slot: Int32(slot)))
    }

    /// Records an escape (the escaped job, if any, is dropped: never run). Safe from any thread.
    func recordEscape(_ escape: Escape) {
        escapeLog.record(escape)
    }

    // MARK: Slots (one executor per simulated process)

    func makeSlot(name: String, device: Device?) -> Int {
        let slot = executors.count
        let executor = SimExecutor(slot: slot, escapeLog: escapeLog)
        executors.append(executor)
        unownedExecutors.append(executor.asUnownedTaskExecutor())
        slotAlive.append(true)
        slotJobs.append(0)
        slotKillAfter.append(0)
        slotDevice.append(device)
        slotNames.append(name)
        return slot
    }

    func killSlot(_ slot: Int) {
        precondition(slot > 0, "the root executor never dies")
        slotAlive[slot] = false
    }

    func setKillAfterJobs(_ slot: Int, jobs: Int) {
        precondition(slot > 0, "a kill is armed on a device's slot, never the root's")
        slotKillAfter[slot] = slotJobs[slot] + jobs
    }

    /// Drops a slot's armed kill countdown (0: none armed).
    func clearKillAfterJobs(_ slot: Int) {
        precondition(slot > 0, "a kill is armed on a device's slot, never the root's")
        slotKillAfter[slot] = 0
    }

    func jobsRun(slot: Int) -> Int { slotJobs[slot] }

    /// The executor of a slot, for `Task(executorPreference:)`.
    func executor(slot: Int) -> SimExecutor { executors[slot] }

    /// The root executor: start extra tasks of the scenario driver on it.
    public var rootExecutor: SimExecutor { executors[0] }

    // MARK: Timers and waiters

    /// Schedules `fire` at `deadline` (virtual ns). If `slot` dies first, the timer is discarded.
    func schedule(at deadline: Int64, slot: Int = -1, _ fire: @escaping () -> Void) {
        precondition(deadline >= now.nanoseconds, "a timer cannot be set in the past")
        timers.push(deadline: deadline, TimerAction(slot: Int32(slot), work: .run(fire)))
    }

    /// Schedules `waiter.expire()` at `deadline` (virtual ns). If `slot` dies first, or the
    /// waiter settles first, the timer is discarded. A waiter owns at most one timer; a waiter
    /// already settled gets none (it would be discarded anyway).
    func schedule(at deadline: Int64, slot: Int, expiring waiter: SimWaiter) {
        precondition(deadline >= now.nanoseconds, "a timer cannot be set in the past")
        precondition(!waiter.hasPendingTimer, "a waiter owns at most one timer")
        guard !waiter.isSettled else { return }
        waiter.hasPendingTimer = true
        timers.push(deadline: deadline, TimerAction(slot: Int32(slot), work: .expire(waiter)))
    }

    /// Schedules `fire` after `delay` from now.
    public func schedule(after delay: Duration, _ fire: @escaping () -> Void) {
        schedule(at: now.nanoseconds &+ max(0, delay.nanosecondsClamped), slot: -1, fire)
    }

    /// Registers a suspended waiter (teardown abandons it if it is still waiting then).
    func register(_ waiter: SimWaiter) {
        waiters.append(waiter)
    }

    /// Waiters registered and not yet resumed (open calls are among them).
    var registeredWaiters: Int { waiters.count }

    /// Called once a waiter has resumed its task: it leaves the list, and a timer it still owns
    /// is dead. When dead timers outnumber the live ones, the heap sheds them in one pass (which
    /// keeps the order of the rest, so nothing observable changes).
    func unregister(_ waiter: SimWaiter) {
        precondition(waiter.isSettled, "a waiter settles before it unregisters")
        waiters.remove(waiter)
        guard waiter.hasPendingTimer else { return }
        deadTimers += 1
        if deadTimers >= 1_024 && deadTimers * 2 >= timers.count { shedDeadTimers() }
    }

    private func shedDeadTimers() {
        timers.removeAll { action in
            guard case .expire(let waiter) = action.work, waiter.isSettled else { return false }
            waiter.hasPendingTimer = false
            return true
        }
        deadTimers = 0
    }

    /// Number of timers pending that can still fire (for quiescence checks and stall reports).
    public var pendingTimers: Int { timers.count - deadTimers }

    /// Timers in the heap, dead ones included (tests of the shedding).
    var timerHeapCount: Int { timers.count }

    // MARK: Checks every simulator API makes

    /// Throws unless called on the simulation's thread while it runs.
    @inline(__always)
    func checkInside(_ api: String) throws {
        if isRunning && !isTearingDown && !drainingMainQueue, let thread, ThreadIdentity.current == thread { return }
        throw outside(api)
    }

    private func outside(_ api: String) -> any Error {
        if isTearingDown { return CancellationError() }
        if isRunning {
            recordEscape(drainingMainQueue ? .mainActorHop : .apiOutsideSimulation(api: api))
        }
        return OutsideSimulationError(api: api)
    }

    /// Whether the caller is on the simulation's thread during the run.
    public var isInside: Bool {
        guard isRunning, !drainingMainQueue, let thread else { return false }
        return ThreadIdentity.current == thread
    }

    // MARK: Trace

    /// Adds a trace record at the current virtual time (ignored after the run was decided).
    public func record(_ component: String, _ event: String) {
        guard !isTearingDown else { return }
        trace.record(time: now.nanoseconds, component: component, event: event)
    }

    /// Adds a record whose text `write` produces piece by piece (built only when the trace keeps
    /// records; hashed like the same text given whole).
    @inline(__always)
    public func record(_ component: String, _ write: (inout TraceText) -> Void) {
        guard !isTearingDown else { return }
        trace.record(time: now.nanoseconds, component: component, write)
    }

    /// Marks a situation as reached (`sometimes` coverage).
    public func sometimes(_ label: String) {
        coverage.hit(label)
    }

    /// Bounds a harness hit (a wait that gave up, a retry budget spent), in order. A run that hit
    /// a bound did not do what its scenario meant to do: the runner reports it as a liveness
    /// violation instead of letting the scenario skip its workload silently.
    public private(set) var boundsHit: [String] = []

    /// Reports that a harness bound was hit (`what` says which wait, on which device, for how long).
    public func noteBoundHit(_ what: String) {
        boundsHit.append(what)
        record("sim", "bound hit: \(what)")
    }

    // MARK: Devices

    /// Adds a device (a simulated app process); launch it with `Device.launch`.
    @discardableResult
    public func addDevice(_ name: String, config: DeviceConfig = DeviceConfig()) -> Device {
        precondition(!devices.contains { $0.name == name }, "device names are unique")
        let device = Device(name: name, index: devices.count, config: config, simulator: self)
        devices.append(device)
        return device
    }

    /// Ends the fault phase: no fault fires any more, partitions heal, killed devices relaunch.
    public func beginHealing() {
        faults.isEnabled = false
        record("sim", "heal")
        for slot in slotKillAfter.indices { slotKillAfter[slot] = 0 }  // no kill fires while healing
        network.healAll()
        for device in devices where device.state == .killed {
            device.relaunch()
        }
    }

    // MARK: Stalls and teardown

    private func stalled() throws {
        // Give jobs arriving from foreign threads a moment to show up, so the escape is named.
        // Wall-clock waiting is allowed here: it is detection only and never changes a result.
        for _ in 0..<max(0, options.stallGraceMilliseconds) {
            if escapeLog.hasEscapes { throw SimulationError.escape(escapeLog.all) }
            MainQueueProbe.sleepOneMillisecond()
        }
        if ThreadIdentity.isMain {
            drainingMainQueue = true
            MainQueueProbe.drainBriefly()
            drainingMainQueue = false
        }
        if escapeLog.hasEscapes { throw SimulationError.escape(escapeLog.all) }
        throw SimulationError.stall(pending: pendingDescription())
    }

    func pendingDescription() -> String {
        var parts: [String] = []
        for device in devices where device.state == .running {
            parts.append("\(device.name) running (\(jobsRun(slot: device.slot)) jobs)")
        }
        parts.append("waiters \(waiters.count)")
        parts.append("timers \(pendingTimers)")
        parts.append("open calls \(network.openCalls)")
        return parts.joined(separator: ", ")
    }

    /// Unwinds every task left: cancels device tasks, resumes every waiter with cancellation and
    /// runs what becomes ready (parked jobs of killed devices included), so memory stays flat
    /// across many runs in one process. Nothing here reaches the trace or the result.
    private func teardown() {
        isTearingDown = true
        for device in devices { device.cancelAllTasks() }
        abandonWaiters()
        timers = TimerHeap()
        deadTimers = 0
        for job in parkedDeadJobs { ready.append(job) }
        parkedDeadJobs.removeAll()
        var budget = 200_000
        while ready.count > 0 && budget > 0 {
            let entry = ready.removeFirst()
            entry.job.runSynchronously(on: unownedExecutors[Int(entry.slot)])
            budget -= 1
            abandonWaiters()
        }
        leakedJobs = ready.count
        ready.removeAll()
        precondition(waiters.count == 0, "teardown resumed every waiter")
        precondition(network.openCalls == 0, "teardown left a call open")
        for device in devices { device.releaseRunState() }
    }
}

extension Simulator {
    /// Teardown: resumes every registered waiter with cancellation, oldest first.
    fileprivate func abandonWaiters() {
        while let waiter = waiters.removeFirst() { waiter.abandon() }
    }
}

/// Holds the root task's result.
private final class RootResult<T: Sendable>: @unchecked Sendable {
    var value: Result<T, any Error>?
}
