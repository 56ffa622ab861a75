/// The simulated network between devices and services.
///
/// A call travels as two messages with seeded latencies; the server's handler runs at the
/// request's virtual arrival time. Faults (each traced and logged): request lost, response lost
/// after the server applied the request, duplicate delivery, injected 5xx and 429, responses
/// slower than the client's timeout, and partitions (a device offline for an interval, which also
/// loses messages already in flight to or from it).
public final class Network {
    unowned let simulator: Simulator
    private var services: [AnyObject] = []
    private var serviceNames: [String] = []
    // Touched only on the simulation's thread, never through overlapping accesses: no dynamic
    // exclusivity checks on the per-request path.
    @exclusivity(unchecked) private var latencyRandom: SimRandom
    /// Latency distribution for every message.
    public var latency = LatencyModel()
    /// Whether each device (by index) is offline.
    @exclusivity(unchecked) private var offline: [Bool] = []
    @exclusivity(unchecked) private var nextRequestNumber: UInt64 = 0
    /// Requests sent so far (every call, lost or answered).
    public var requestsSent: Int { Int(nextRequestNumber) }
    /// Calls sent and not yet answered, timed out or cancelled.
    @exclusivity(unchecked) public private(set) var openCalls = 0

    init(simulator: Simulator) {
        self.simulator = simulator
        self.latencyRandom = simulator.random.fork("network:latency")
    }

    /// Registers a service; devices reach it through the returned handle.
    public func register<S: SimService>(_ service: S) -> ServiceHandle<S> {
        services.append(ServiceBox(service))
        serviceNames.append(service.name)
        return ServiceHandle(index: services.count - 1, name: service.name)
    }

    /// The service object itself, for checkers' admin views (bypasses the network).
    public func service<S: SimService>(_ handle: ServiceHandle<S>) -> S {
        (services[handle.index] as! ServiceBox<S>).service
    }

    // MARK: Partitions

    /// Whether a device is offline now.
    public func isOffline(_ device: Device) -> Bool { device.index < offline.count && offline[device.index] }

    /// Takes a device off or back on the network.
    public func setOffline(_ device: Device, _ isOffline: Bool) {
        guard self.isOffline(device) != isOffline else { return }
        while offline.count <= device.index { offline.append(false) }
        offline[device.index] = isOffline
        simulator.record("net", "\(device.name) \(isOffline ? "offline" : "online")")
    }

    /// Draws (or replays) up to `windows` offline intervals for a device within `phase` from now.
    public func schedulePartitions(for device: Device, within phase: Duration, windows: Int = 3) {
        let phaseNs = max(1, phase.nanosecondsClamped)
        for window in 0..<windows {
            let window = simulator.faults.decide(.partition, subject: "\(device.name)#\(window)") { random in
                OfflineWindow(startNanoseconds: random.int(in: 0...phaseNs),
                              lengthNanoseconds: random.int(in: Int64(500_000_000)...Int64(60_000_000_000)))
            }
            guard let window else { continue }
            let start = simulator.now.nanoseconds + window.startNanoseconds, length = window.lengthNanoseconds
            simulator.schedule(at: start) { [self] in
                guard simulator.faults.isEnabled else { return }
                setOffline(device, true)
                simulator.schedule(at: start + length) { [self] in setOffline(device, false) }
            }
        }
    }

    /// Healing: every device back online.
    func healAll() {
        for device in simulator.devices where isOffline(device) { setOffline(device, false) }
    }

    // MARK: Calls

    func call<S: SimService>(
        from context: DeviceContext, to handle: ServiceHandle<S>, _ request: S.Request, timeout: Duration
    ) async throws -> S.Response {
        let simulator = self.simulator  // one strong reference instead of an unowned load per use
        try simulator.checkInside("Network.call")
        guard context.isAlive else { throw DeviceKilledError(device: context.deviceName) }
        if Task.isCancelled { throw NetworkError.cancelled }
        let box = unsafeDowncast(services[handle.index], to: ServiceBox<S>.self)  // registered with this type
        nextRequestNumber += 1
        let number = nextRequestNumber
        let service = box.service
        simulator.record(context.deviceName) { text in
            text.append("→")
            text.append(service.name)
            text.append(" #")
            text.append(number)
            text.append(" ")
            service.writeSummary(of: request, into: &text)
        }
        let pending = PendingCall<S.Response>(network: self, number: number, device: context.deviceName)
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                pending.begin(continuation)
                send(request, number: number, from: context, box: box, pending: pending, timeout: timeout)
            }
        } onCancel: {
            pending.cancel()
        }
    }

    private func send<S: SimService>(
        _ request: S.Request, number: UInt64, from context: DeviceContext, box: ServiceBox<S>,
        pending: PendingCall<S.Response>, timeout: Duration
    ) {
        let simulator = self.simulator
        let now = simulator.now.nanoseconds
        // Answered calls leave this timer dead: the loop drops it unfired (lazy cancellation).
        simulator.schedule(at: now + max(1, timeout.nanosecondsClamped), slot: context.slot, expiring: pending)
        if isOffline(context.device) {
            let delay = Int64(1_000_000 + latencyRandom.below(4_000_000))
            simulator.schedule(at: now + delay, slot: context.slot) { pending.finish(.failure(NetworkError.offline)) }
            return
        }
        if simulator.faults.fires(.requestLoss, subject: Self.subject(number)) {
            simulator.record("net", "lose request #\(number)")
            return
        }
        let arrival = now + latency.sample(&latencyRandom)
        simulator.schedule(at: arrival) { [self] in
            arrive(request, number: number, from: context, box: box, pending: pending, timeout: timeout)
        }
    }

    private func arrive<S: SimService>(
        _ request: S.Request, number: UInt64, from context: DeviceContext, box: ServiceBox<S>,
        pending: PendingCall<S.Response>, timeout: Duration
    ) {
        let simulator = self.simulator
        if isOffline(context.device) {
            simulator.record("net", "lose request #\(number) (\(context.deviceName) offline)")
            return
        }
        let response = respond(to: request, number: number, caller: context.deviceName, box: box)
        if simulator.faults.fires(.responseLoss, subject: Self.subject(number)) {
            simulator.record("net", "lose response #\(number) (applied)")
            return
        }
        var delay = latency.sample(&latencyRandom)
        if let extra = simulator.faults.decide(.slowResponse, subject: Self.subject(number), draw: { random in
            IntegerDetail(timeout.nanosecondsClamped + random.int(in: Int64(1_000_000)...Int64(30_000_000_000)))
        }) {
            delay += extra.value
            simulator.record("net", "slow response #\(number) +\(extra.value)ns")
        }
        simulator.schedule(at: simulator.now.nanoseconds + delay, slot: context.slot) { [self] in
            if isOffline(context.device) {
                simulator.record("net", "lose response #\(number) (\(context.deviceName) offline)")
                return
            }
            // Only a response the app still waits for (a late answer to a call that timed out
            // reaches no one).
            if let gate = context.device.responseGate, pending.isWaiting, context.isAlive, gate(context.device) {
                context.device.kill(reason: "as response #\(number) arrived")
                return
            }
            if pending.finish(.success(response)) {
                let service = box.service
                simulator.record(context.deviceName) { text in
                    text.append("←")
                    text.append(service.name)
                    text.append(" #")
                    text.append(number)
                    text.append(" ")
                    service.writeSummary(of: response, into: &text)
                }
            }
        }
    }

    /// The server's answer: injected 5xx/429 (not applied), or the handler's (plus a duplicate).
    private func respond<S: SimService>(
        to request: S.Request, number: UInt64, caller: String, box: ServiceBox<S>
    ) -> S.Response {
        let simulator = self.simulator
        let service = box.service
        if let status = simulator.faults.decide(.serverError, subject: Self.subject(number), draw: { random in
            IntegerDetail([500, 502, 503, 504][random.below(4)])
        }) {
            simulator.record(service.name, "#\(number) injected \(status.value)")
            return service.injectedFailure(.serverError(status: Int(status.value)), for: request)
        }
        if let seconds = simulator.faults.decide(.rateLimit, subject: Self.subject(number), draw: { random in
            IntegerDetail(1 + random.below(30))
        }) {
            simulator.record(service.name, "#\(number) injected 429 retry-after=\(seconds.value)")
            return service.injectedFailure(.rateLimited(retryAfterSeconds: Int(seconds.value)), for: request)
        }
        let response = apply(request, number: number, caller: caller, service: service)
        if let gap = simulator.faults.decide(.duplicate, subject: Self.subject(number), draw: { random in
            IntegerDetail(random.int(in: Int64(1_000_000)...Int64(2_000_000_000)))
        }) {
            simulator.schedule(at: simulator.now.nanoseconds + gap.value) { [self] in
                simulator.record("net", "duplicate delivery #\(number)")
                _ = apply(request, number: number, caller: caller, service: service)
            }
        }
        return response
    }

    private func apply<S: SimService>(_ request: S.Request, number: UInt64, caller: String, service: S) -> S.Response {
        let simulator = self.simulator
        let context = ServiceContext(now: simulator.now, caller: caller, requestNumber: number, trace: simulator.trace)
        let response = service.handle(request, context: context)
        simulator.record(service.name) { text in
            text.append("#")
            text.append(number)
            text.append(" ")
            service.writeSummary(of: response, into: &text)
        }
        return response
    }

    /// A request's fault subject (built only when a fault fires or a schedule is consulted).
    private static func subject(_ number: UInt64) -> String { "req#\(number)" }

    // Call accounting: a call opens once, when its caller suspends, and closes once, when it is
    // resumed; while open it is one of the simulator's registered waiters. A miscount would make
    // quiescence checks and stall reports lie, so it is a kernel invariant, not a hope.
    fileprivate func callOpened() {
        openCalls += 1
        precondition(UInt64(openCalls) <= nextRequestNumber, "more calls open than were ever sent")
        precondition(openCalls <= simulator.registeredWaiters, "an open call is not a registered waiter")
    }

    fileprivate func callClosed() {
        precondition(openCalls > 0, "a call closed that was not open")
        openCalls -= 1
    }
}

/// Type-erasing holder so services of different types share one array.
final class ServiceBox<S: SimService> {
    let service: S
    init(_ service: S) { self.service = service }
}

/// One outstanding call: finished exactly once, by its response, its timeout, an offline
/// error, cancellation, or teardown. It owns the call's timeout timer, which dies when the call
/// finishes any other way.
final class PendingCall<Response: Sendable>: SimWaiter, @unchecked Sendable {
    /// Strong: a call never outlives its run's teardown by much, and an `unowned` read would cost
    /// an atomic retain at every use.
    private let network: Network
    private let number: UInt64
    private let device: String
    @exclusivity(unchecked) private var continuation: UnsafeContinuation<Response, any Error>?
    @exclusivity(unchecked) private var cancelledEarly = false

    init(network: Network, number: UInt64, device: String) {
        self.network = network
        self.number = number
        self.device = device
    }

    func begin(_ continuation: UnsafeContinuation<Response, any Error>) {
        precondition(self.continuation == nil && !isSettled, "a call begins once, before it finishes")
        if cancelledEarly {
            _ = settle()  // its timeout, if one is scheduled, is never armed
            continuation.resume(throwing: NetworkError.cancelled)
            return
        }
        self.continuation = continuation
        network.simulator.register(self)
        network.callOpened()
    }

    /// Whether the caller still waits for this call's answer.
    var isWaiting: Bool { continuation != nil }

    /// Resumes the caller; false if the call had already finished.
    @discardableResult
    func finish(_ result: Result<Response, any Error>) -> Bool {
        guard let continuation, settle() else { return false }
        self.continuation = nil
        precondition(isRegistered, "an open call is registered until it finishes")
        network.simulator.unregister(self)
        network.callClosed()
        if case .failure(let error) = result, !network.simulator.isTearingDown {
            let number = number
            network.simulator.record(device) { text in
                text.append("✕ #")
                text.append(number)
                text.append(" ")
                text.append("\(error)")
            }
        }
        continuation.resume(with: result)
        return true
    }

    func cancel() {
        guard network.simulator.isInside || network.simulator.isTearingDown else {
            try? network.simulator.checkInside("Task.cancel of a simulated network call")
            return
        }
        if continuation == nil { cancelledEarly = true } else { finish(.failure(NetworkError.cancelled)) }
    }

    override func expire() { finish(.failure(NetworkError.timeout)) }

    override func abandon() { finish(.failure(NetworkError.cancelled)) }
}
