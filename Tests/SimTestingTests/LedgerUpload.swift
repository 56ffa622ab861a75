import LedgerWorkload
import SimCore
import SimTesting

/// The fakes the helper is tested on: a phone uploads the amounts 1…20 to a `LedgerService`
/// through the seed's network faults and one kill. `keyed` sends an idempotency key with each
/// amount (the ledger applies a repeat once: always exact); without keys a lost response or a
/// duplicate delivery counts an amount twice, so many seeds break `no-duplicate`.
enum LedgerUpload {
    static let items = 20
    /// 1 + 2 + … + 20.
    static let expectedTotal: Int64 = 210

    /// The whole test body for one seed: build, run, check.
    static func check(_ sim: Simulator, keyed: Bool) throws {
        let ledger = sim.network.register(LedgerService())
        let phone = sim.addDevice("phone")
        let killAt = 1 + Int(sim.seed % 40)
        try sim.run { sim in
            phone.launch { context in await LedgerUpload.upload(context, ledger, keyed: keyed) }
            phone.killAfter(jobs: killAt)
            await phone.waitUntilStopped()
            sim.beginHealing()
            await phone.waitUntilStopped()
        }
        try checkTotal(sim.network.service(ledger).balances["total"] ?? 0)
    }

    /// The async form's body: runs inside the simulation.
    static func drive(_ sim: Simulator, keyed: Bool) async throws {
        let handle = sim.network.register(LedgerService())
        let phone = sim.addDevice("phone")
        phone.launch { context in await LedgerUpload.upload(context, handle, keyed: keyed) }
        phone.killAfter(jobs: 1 + Int(sim.seed % 40))
        await phone.waitUntilStopped()
        sim.beginHealing()
        await phone.waitUntilStopped()
        try checkTotal(sim.network.service(handle).balances["total"] ?? 0)
    }

    static func checkTotal(_ total: Int64) throws {
        try expectInvariant(total <= expectedTotal, "no-duplicate", "the ledger holds \(total), more than the \(expectedTotal) uploaded")
        try expectInvariant(total == expectedTotal, "no-loss", "the ledger holds \(total) of the \(expectedTotal) uploaded")
    }

    /// The app: upload from a durable cursor; a 5xx or 429 arrives as a `.failed` response (not
    /// an error) and is retried like a timeout.
    static func upload(_ context: DeviceContext, _ ledger: ServiceHandle<LedgerService>, keyed: Bool) async {
        var next = Int(context.defaultsValue(forKey: "cursor")?.intValue ?? 0)
        var attempts = 0
        // Bounded: the healing phase ends every fault long before 2,000 attempts.
        while next < items && attempts < 2_000 {
            attempts += 1
            let request = LedgerService.Request.add(account: "total", amount: Int64(next + 1), idempotencyKey: keyed ? "item-\(next)" : nil)
            do {
                if case .failed = try await context.call(ledger, request, timeout: .seconds(5)) {
                    try await context.sleep(for: .milliseconds(300))
                    continue
                }
            } catch {
                if error is DeviceKilledError || error is CancellationError { return }
                do { try await context.sleep(for: .milliseconds(300)) } catch { return }
                continue
            }
            next += 1
            try? context.setDefaultsValue(.int(Int64(next)), forKey: "cursor")
            try? context.synchronizeDefaults()
        }
    }
}
