/// Thrown when a killed incarnation tries to touch durable state or the network.
public struct DeviceKilledError: Error, Sendable, CustomStringConvertible {
    public let device: String
    public var description: String { "\(device) was killed" }
}

/// What one incarnation of a simulated app gets from the simulator: its clock, wall clock,
/// durable stores, ids, randomness, network access and trace. Scenario adapters wrap it in the
/// app's own small protocols, so app code never sees a simulator type.
///
/// Every method checks it runs on the simulation's thread; writes from a killed incarnation
/// are refused (the process is gone).
public final class DeviceContext: @unchecked Sendable {
    /// The device's name.
    public let deviceName: String
    /// Which launch of the app this is (1, 2, …).
    public let incarnation: Int
    /// Virtual monotonic time; sleeping on it is cancellation-aware and dies with the process.
    public let clock: SimClock

    /// Strong (an `unowned` read costs an atomic retain on every request's liveness check); the
    /// cycle through `Device.context` is broken by `Device.releaseRunState` at the end of the run.
    let device: Device
    let simulator: Simulator
    let slot: Int
    private var ids: SimRandom
    private var appRandom: SimRandom

    init(device: Device, simulator: Simulator, slot: Int, incarnation: Int) {
        precondition(incarnation >= 1 && incarnation == device.incarnation, "a context is its device's newest incarnation")
        precondition(slot > 0 && slot == device.slot, "a context runs on its incarnation's own slot, never the root's")
        self.device = device
        self.deviceName = device.name
        self.simulator = simulator
        self.slot = slot
        self.incarnation = incarnation
        self.clock = SimClock(simulator: simulator, slot: slot)
        let stream = simulator.random.fork("device:\(device.name):launch:\(incarnation)")
        self.ids = stream.fork("ids")
        self.appRandom = stream.fork("app")
    }

    /// True while this incarnation is the device's live process. False once the run has been
    /// decided: teardown unwinds leftover tasks, and nothing they do may count.
    public var isAlive: Bool {
        device.incarnation == incarnation && (device.state == .running || device.state == .exited)
            && !simulator.isTearingDown
    }

    private func checkWritable(_ api: String) throws {
        try simulator.checkInside(api)
        guard isAlive else { throw DeviceKilledError(device: deviceName) }
        // A live incarnation is the device's newest one, and a kill stops its slot in the same step.
        precondition(device.slot == slot && simulator.slotAlive[slot], "\(deviceName): a live incarnation on a dead slot")
    }

    // MARK: Time

    /// The device's wall clock in Unix milliseconds (true time plus the device's skew).
    public func wallClockMilliseconds() -> Int64 {
        device.config.epochMilliseconds + simulator.now.nanoseconds / 1_000_000 + device.config.clockSkewMilliseconds
    }

    /// The device's UTC offset in seconds.
    public var utcOffsetSeconds: Int { device.config.utcOffsetSeconds }

    /// Sleeps on the virtual clock.
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
    }

    // MARK: Durable state

    /// A durable file's bytes.
    public func readFile(_ path: String) -> [UInt8]? {
        guard simulator.isInside else { try? simulator.checkInside("DeviceContext.readFile"); return nil }
        return device.files.read(path)
    }

    /// Writes a durable file atomically.
    public func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        try checkWritable("DeviceContext.writeFile")
        device.files.write(path, bytes)
    }

    /// Writes a durable file atomically, keeping `value`, what the bytes encode, for a reader
    /// that knows its type (`FileContent.value`).
    public func writeFile(_ path: String, _ bytes: [UInt8], value: Any?) throws {
        try checkWritable("DeviceContext.writeFile")
        device.files.write(path, FileContent(bytes: bytes, value: value))
    }

    /// Writes a durable file atomically whose bytes `make` returns when the file is first read
    /// (see `FileContent`: `make` must be a pure function of a value saved now). Returns the
    /// content, which `fileContent(_:)` returns while the file still holds this write.
    @discardableResult
    public func writeFile(_ path: String, value: Any? = nil, deferring make: @escaping () -> [UInt8]) throws -> FileContent {
        try checkWritable("DeviceContext.writeFile")
        let content = FileContent(deferring: make, value: value)
        device.files.write(path, content)
        return content
    }

    /// What a durable file holds now (nil: no such file), without making a deferred file's bytes.
    public func fileContent(_ path: String) -> FileContent? {
        guard simulator.isInside else { try? simulator.checkInside("DeviceContext.fileContent"); return nil }
        return device.files.content(path)
    }

    /// Removes a durable file.
    public func removeFile(_ path: String) throws {
        try checkWritable("DeviceContext.removeFile")
        device.files.remove(path)
    }

    /// Durable file paths under a prefix, sorted.
    public func listFiles(prefix: String = "") -> [String] {
        guard simulator.isInside else { try? simulator.checkInside("DeviceContext.listFiles"); return [] }
        return device.files.list(prefix: prefix)
    }

    /// A key-value (UserDefaults) value, unflushed writes included.
    public func defaultsValue(forKey key: String) -> JSONValue? {
        guard simulator.isInside else { try? simulator.checkInside("DeviceContext.defaultsValue"); return nil }
        return device.defaults.value(forKey: key)
    }

    /// Sets a key-value value; durable only after a flush.
    public func setDefaultsValue(_ value: JSONValue?, forKey key: String) throws {
        try checkWritable("DeviceContext.setDefaultsValue")
        device.defaults.set(value, forKey: key)
        device.defaultsWritten()
    }

    /// Flushes the key-value store now (`UserDefaults.synchronize()`).
    public func synchronizeDefaults() throws {
        try checkWritable("DeviceContext.synchronizeDefaults")
        let count = device.defaults.flush()
        simulator.record(deviceName) { text in
            text.append("defaults synchronize ")
            text.append(count)
        }
    }

    // MARK: Ids, randomness, faults

    /// A fresh UUID string (what `UUID()` would give the app), from this incarnation's stream.
    public func makeUUID() -> String { ids.uuidString() }

    /// A seeded integer in `0..<bound` (backoff jitter and the like).
    public func randomBelow(_ bound: Int) -> Int { appRandom.below(bound) }

    /// A named fault point: true when the simulator decides this hit should misbehave.
    public func buggify(_ label: String) -> Bool {
        simulator.buggify(label, device: deviceName)
    }

    /// Marks a situation as reached.
    public func sometimes(_ label: String) { simulator.sometimes(label) }

    /// Records the start of a client operation in the run's history; returns its id.
    @discardableResult
    public func invoke(_ name: String, detail: String = "") -> Int {
        simulator.history.invoke(process: deviceName, name: name, detail: detail, at: simulator.now.nanoseconds)
    }

    /// Records the start of a client operation that carries `payload` (what the user asked for,
    /// as a value checkers read back with `History.records(_:)`); returns its id.
    @discardableResult
    public func invoke<Payload: Sendable>(_ name: String, payload: Payload) -> Int {
        simulator.history.invoke(process: deviceName, name: name, payload: payload, at: simulator.now.nanoseconds)
    }

    /// Records how a client operation ended (a kill makes open ones indeterminate by itself).
    public func complete(_ operation: Int, _ status: OperationStatus) {
        guard isAlive else { return }
        simulator.history.complete(operation, status, at: simulator.now.nanoseconds)
    }

    /// Records how a client operation ended and the value it ended with (what the app answered).
    public func complete<Result: Sendable>(_ operation: Int, _ status: OperationStatus, result: Result) {
        guard isAlive else { return }
        simulator.history.complete(operation, status, result: result, at: simulator.now.nanoseconds)
    }

    /// Adds an app event to the trace, attributed to this device.
    public func record(_ event: String) { simulator.record(deviceName, event) }

    // MARK: Network

    /// Sends `request` to a service through the simulated network. Throws `NetworkError` on a
    /// timeout, while offline, or when cancelled; a timeout says nothing about whether the
    /// server applied the request.
    public func call<S: SimService>(
        _ service: ServiceHandle<S>, _ request: S.Request, timeout: Duration = .seconds(30)
    ) async throws -> S.Response {
        try await simulator.network.call(from: self, to: service, request, timeout: timeout)
    }
}
