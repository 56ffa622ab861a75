import SimHarness
import LedgerWorkload
import SimCore

/// A tiny app that exists only to test the command line end to end (hidden unless
/// `SIMRUN_SELFTEST=1`): devices upload numbered amounts to a `LedgerService` through faults and
/// kills. `fixed` sends idempotency keys (always exact); `no-idempotency-key` does not, so a lost
/// response or a duplicate delivery double-counts an amount and `no-duplicate` fails.
enum SelfTestApp {
    static var definition: AppDefinition {
        AppDefinition(
            name: "selftest", summary: "the CLI's own test app (hidden): uploads to a ledger",
            defaultVariant: "fixed",
            variants: [
                VariantInfo(name: "fixed", summary: "idempotency keys on every upload (default)"),
                VariantInfo(name: "no-idempotency-key", summary: "retries without keys: duplicates", bugIDs: ["ST-1"]),
            ],
            scenarios: [SelfTestUpload()])
    }
}

/// Two devices upload 20 amounts each, with kills drawn from the `kill` fault family (so they are
/// part of the fault schedule and the shrinker can remove them).
struct SelfTestUpload: AppScenario {
    let app = "selftest"
    let name = "upload"
    let summary = "two devices upload 20 amounts each through network faults and kills"
    let invariants = ["no-duplicate", "no-loss"]
    /// Reached only when the seed's plan has kills / 5xx or 429 on (a plan with every family off,
    /// one seed in sixteen, reaches neither: the CLI's coverage tests rely on it).
    let coverageMarks = [Self.killMark, Self.failedAnswerMark]
    static let killMark = "selftest: a device killed mid-upload"
    static let failedAnswerMark = "selftest: an upload answered 5xx or 429"

    static let devices = 2
    static let items = 20

    /// Items each device uploads: 20 per size step, and at `--size 0` (the small dataset every
    /// app has) a quarter of one step, never none (a kill then draws among at least 15 await points).
    static func items(size: Int) -> Int { size <= 0 ? items / 4 : items * size }

    func execute(in sim: Simulator, variant: String, size: Int) throws -> [Violation] {
        let ledger = LedgerService()
        let handle = sim.network.register(ledger)
        let idempotent = variant == "fixed"
        let items = Self.items(size: size)
        try sim.run { sim in
            try await SelfTestUpload.drive(sim, ledger: handle, items: items, idempotent: idempotent)
        }
        let expected = (0..<Self.devices).reduce(Int64(0)) { total, device in
            total + (0..<items).reduce(Int64(0)) { $0 + Self.amount(device: device, item: $1) }
        }
        let actual = ledger.balances["total"] ?? 0
        if actual == expected { return [] }
        let invariant = actual > expected ? "no-duplicate" : "no-loss"
        return [Violation(
            invariant: invariant, message: "the ledger total differs from the sum of uploaded amounts",
            entities: [EntityDiff(entity: "account total", location: "ledger", expected: String(expected), actual: String(actual))])]
    }

    static func amount(device: Int, item: Int) -> Int64 { Int64(device * 1_000 + item + 1) }

    static func drive(_ sim: Simulator, ledger: ServiceHandle<LedgerService>, items: Int, idempotent: Bool) async throws {
        var devices: [Device] = []
        for index in 0..<Self.devices {
            let device = sim.addDevice("device-\(index + 1)")
            device.launch { await SelfTestUpload.upload($0, ledger: ledger, items: items, idempotent: idempotent) }
            devices.append(device)
        }
        for round in 1...2 {
            for device in devices where device.state == .running {
                let jobs = sim.faults.decide(.kill, subject: "\(device.name)@round\(round)") { IntegerDetail(1 + $0.below(items * 3)) }
                if let jobs {
                    device.killAfter(jobs: max(1, Int(jobs.value)))
                    sim.sometimes(killMark)
                }
            }
            try await sim.rootClock.sleep(for: .seconds(20))
            for device in devices where device.state == .killed { device.relaunch() }
        }
        sim.beginHealing()
        for device in devices { await device.waitUntilStopped() }
    }
}
