import SimCore

/// A kernel workload: devices upload numbered items to a `LedgerService` with idempotency keys,
/// retrying with backoff through every network fault, resuming after kills from a durable
/// cursor. Used by the kernel's tests, its cross-process determinism check and `simrun bench`.
/// With idempotency keys the final balance is exact whatever the faults, so the workload checks
/// itself.
public struct UploadWorkload: Sendable {
    /// Devices uploading at once.
    public var devices: Int
    /// Items each device uploads.
    public var itemsPerDevice: Int
    /// Kill each device at a random await point this many times (with relaunch).
    public var killsPerDevice: Int
    /// Send idempotency keys (true: exact result; false: duplicates possible).
    public var idempotent: Bool

    public init(devices: Int = 3, itemsPerDevice: Int = 50, killsPerDevice: Int = 1, idempotent: Bool = true) {
        self.devices = devices
        self.itemsPerDevice = itemsPerDevice
        self.killsPerDevice = killsPerDevice
        self.idempotent = idempotent
    }

    /// What a run of the workload produced.
    public struct Result: Sendable, Equatable {
        public var expectedTotal: Int64
        public var serverTotal: Int64
        public var applied: Int
        public var traceHash: UInt64
        public var events: Int
        public var virtualNanoseconds: Int64
    }

    /// Runs the workload in a fresh simulator.
    public func run(seed: UInt64, options: SimulatorOptions = SimulatorOptions()) throws -> Result {
        let sim = Simulator(seed: seed, options: options)
        let ledger = LedgerService()
        let handle = sim.network.register(ledger)
        let workload = self
        let expected = try sim.run { sim in
            try await workload.drive(sim, ledger: handle)
        }
        return Result(
            expectedTotal: expected, serverTotal: ledger.balances["total"] ?? 0, applied: ledger.applied,
            traceHash: sim.trace.hash, events: sim.events, virtualNanoseconds: sim.now.nanoseconds)
    }

    /// Drives the workload inside a running simulation (the root task's body): adds and launches
    /// the devices, kills and relaunches them, heals, waits for them; returns the expected total.
    public func drive(_ sim: Simulator, ledger: ServiceHandle<LedgerService>) async throws -> Int64 {
        var devices: [Device] = []
        var killRandom = sim.random.fork("workload:kills")
        for index in 0..<self.devices {
            let device = sim.addDevice("device-\(index + 1)")
            sim.network.schedulePartitions(for: device, within: .seconds(60), windows: 1)
            device.launch { context in await UploadWorkload.upload(context, ledger: ledger, items: itemsPerDevice, idempotent: idempotent) }
            devices.append(device)
        }
        for _ in 0..<killsPerDevice {
            for device in devices where device.state == .running {
                device.killAfter(jobs: 1 + killRandom.below(max(1, itemsPerDevice * 3)))
            }
            try await sim.rootClock.sleep(for: .seconds(20))
            for device in devices where device.state == .killed { device.relaunch() }
        }
        sim.beginHealing()
        for device in devices { await device.waitUntilStopped() }
        var total: Int64 = 0
        for device in 0..<self.devices {
            for item in 0..<itemsPerDevice { total += Int64(device * 1_000 + item + 1) }
        }
        return total
    }

    /// One device's app: upload items from a durable cursor, retrying until each is acknowledged.
    static func upload(_ context: DeviceContext, ledger: ServiceHandle<LedgerService>, items: Int, idempotent: Bool) async {
        let device = Int(context.deviceName.split(separator: "-").last!)! - 1
        var next = Int(context.defaultsValue(forKey: "cursor")?.intValue ?? 0)
        while next < items {
            let amount = Int64(device * 1_000 + next + 1)
            let key = idempotent ? "\(context.deviceName)/\(next)" : nil
            var backoff: Int64 = 100_000_000
            while true {
                if Task.isCancelled { return }
                do {
                    let response = try await context.call(ledger, .add(account: "total", amount: amount, idempotencyKey: key), timeout: .seconds(10))
                    if case .failed(_, let retryAfter) = response {
                        let wait = retryAfter.map { Int64($0) * 1_000_000_000 } ?? backoff
                        try await context.sleep(for: .nanoseconds(wait))
                        backoff = min(backoff * 2, 5_000_000_000)
                        continue
                    }
                    break
                } catch {
                    if error is DeviceKilledError || error is CancellationError { return }
                    try? await context.sleep(for: .nanoseconds(backoff + Int64(context.randomBelow(50_000_000))))
                    backoff = min(backoff * 2, 5_000_000_000)
                }
            }
            next += 1
            try? context.setDefaultsValue(.int(Int64(next)), forKey: "cursor")
            if next % 10 == 0 { try? context.synchronizeDefaults() }
        }
        try? context.synchronizeDefaults()
    }
}
