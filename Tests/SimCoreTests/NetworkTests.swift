import XCTest
import LedgerWorkload
@testable import SimCore

final class NetworkTests: XCTestCase {
    /// Sends one `add 5` and reports what the client saw.
    static func sendOnce(family: FaultFamily?, offline: Bool = false, seed: UInt64 = 30) throws -> (client: String, ledger: LedgerService, sim: Simulator) {
        var plan = FaultPlan.none
        if let family { plan.set(family, ppm: 1_000_000) }
        let sim = Simulator(seed: seed, options: SimulatorOptions(policy: .fifo, recordTrace: true, faultSource: .plan(plan)))
        let ledger = LedgerService()
        let handle = sim.network.register(ledger)
        let device = sim.addDevice("device-1")
        let client = try sim.run { sim in
            if offline { sim.network.setOffline(device, true) }
            let box = OrderBox()
            device.launch { context in
                do {
                    let response = try await context.call(handle, .add(account: "a", amount: 5, idempotencyKey: nil), timeout: .seconds(10))
                    box.append("\(response)")
                } catch {
                    box.append("error \(error)")
                }
            }
            await device.waitUntilStopped()
            await sim.sleep(for: .seconds(120))
            return box.items.joined()
        }
        return (client, ledger, sim)
    }

    func traced(_ sim: Simulator, _ text: String) -> Bool {
        sim.trace.records.contains { $0.event.contains(text) }
    }

    func testCleanCallIsAppliedOnceAndAnswered() throws {
        let (client, ledger, _) = try Self.sendOnce(family: nil)
        XCTAssertEqual(client, "balance(5)")
        XCTAssertEqual(ledger.applied, 1)
    }

    func testResponseLostAfterApplyLeavesServerChangedAndClientTimedOut() throws {
        let (client, ledger, sim) = try Self.sendOnce(family: .responseLoss)
        XCTAssertEqual(client, "error timeout")
        XCTAssertEqual(ledger.balances["a"], 5, "the server applied the request")
        XCTAssertTrue(traced(sim, "lose response #1 (applied)"))
        XCTAssertEqual(sim.faults.injected.map(\.family), [.responseLoss])
    }

    func testRequestLossTimesOutWithoutApplying() throws {
        let (client, ledger, sim) = try Self.sendOnce(family: .requestLoss)
        XCTAssertEqual(client, "error timeout")
        XCTAssertEqual(ledger.applied, 0)
        XCTAssertTrue(traced(sim, "lose request #1"))
    }

    func testDuplicateDeliveryAppliesTwice() throws {
        let (client, ledger, sim) = try Self.sendOnce(family: .duplicate)
        XCTAssertEqual(client, "balance(5)")
        XCTAssertEqual(ledger.balances["a"], 10)
        XCTAssertTrue(traced(sim, "duplicate delivery #1"))
    }

    func testServerErrorIsInjectedWithoutApplying() throws {
        let (client, ledger, sim) = try Self.sendOnce(family: .serverError)
        XCTAssertTrue(client.hasPrefix("failed(status: 5"), client)
        XCTAssertEqual(ledger.applied, 0)
        XCTAssertTrue(traced(sim, "injected 50"))
    }

    func testRateLimitCarriesRetryAfter() throws {
        let (client, ledger, sim) = try Self.sendOnce(family: .rateLimit)
        XCTAssertTrue(client.hasPrefix("failed(status: 429, retryAfterSeconds: Optional("), client)
        XCTAssertEqual(ledger.applied, 0)
        XCTAssertTrue(traced(sim, "injected 429"))
    }

    func testSlowResponseTimesOutAfterApplying() throws {
        let (client, ledger, sim) = try Self.sendOnce(family: .slowResponse)
        XCTAssertEqual(client, "error timeout")
        XCTAssertEqual(ledger.applied, 1)
        XCTAssertTrue(traced(sim, "slow response #1"))
    }

    func testOfflineDeviceFailsFastWithoutSending() throws {
        let (client, ledger, _) = try Self.sendOnce(family: nil, offline: true)
        XCTAssertEqual(client, "error offline")
        XCTAssertEqual(ledger.applied, 0)
    }

    func testPartitionLosesMessagesAlreadyInFlight() throws {
        let sim = Simulator(seed: 31, options: SimulatorOptions(policy: .fifo, recordTrace: true, faultSource: .plan(.none)))
        let ledger = LedgerService()
        let handle = sim.network.register(ledger)
        let device = sim.addDevice("device-1")
        let client = try sim.run { sim in
            let box = OrderBox()
            device.launch { context in
                do { _ = try await context.call(handle, .read(account: "a"), timeout: .seconds(10)); box.append("ok") } catch { box.append("\(error)") }
            }
            try await sim.rootClock.sleep(until: SimInstant(nanoseconds: 1_000_000), tolerance: nil)
            sim.network.setOffline(device, true)  // the request is on the wire now (latency ≥ 5 ms)
            await device.waitUntilStopped()
            return box.items.joined()
        }
        XCTAssertEqual(client, "timeout")
        XCTAssertTrue(sim.trace.records.contains { $0.event.contains("(device-1 offline)") })
    }

    func testScheduledPartitionTakesTheDeviceOfflineAndBack() throws {
        var plan = FaultPlan.none
        plan.set(.partition, ppm: 1_000_000)
        let sim = Simulator(seed: 32, options: SimulatorOptions(recordTrace: true, faultSource: .plan(plan)))
        let device = sim.addDevice("device-1")
        try sim.run { sim in
            sim.network.schedulePartitions(for: device, within: .seconds(10), windows: 1)
            await sim.sleep(for: .seconds(100))
        }
        let events = sim.trace.records.filter { $0.component == "net" }.map(\.event)
        XCTAssertEqual(events, ["device-1 offline", "device-1 online"])
        XCTAssertEqual(sim.faults.injected.first?.family, .partition)
    }

    func testReplayingTheInjectedScheduleReproducesTheRun() throws {
        let first = try UploadWorkload(devices: 2, itemsPerDevice: 20, killsPerDevice: 1, idempotent: false)
            .run(seed: 77, options: SimulatorOptions(recordTrace: false, faultSource: .plan(Self.busyPlan)))
        let sim = Simulator(seed: 77, options: SimulatorOptions(faultSource: .plan(Self.busyPlan)))
        let ledger = LedgerService()
        let handle = sim.network.register(ledger)
        let workload = UploadWorkload(devices: 2, itemsPerDevice: 20, killsPerDevice: 1, idempotent: false)
        _ = try sim.run { sim in try await workload.drive(sim, ledger: handle) }
        let schedule = FaultSchedule(sim.faults.injected)
        XCTAssertFalse(schedule.faults.isEmpty)
        let replayed = try workload.run(seed: 77, options: SimulatorOptions(faultSource: .schedule(schedule)))
        XCTAssertEqual(replayed.traceHash, first.traceHash, "a schedule replays the seed's faults exactly")
    }

    static var busyPlan: FaultPlan {
        var plan = FaultPlan.none
        for family in [FaultFamily.requestLoss, .responseLoss, .duplicate, .serverError, .rateLimit, .partition] {
            plan.set(family, ppm: 50_000)
        }
        return plan
    }
}
