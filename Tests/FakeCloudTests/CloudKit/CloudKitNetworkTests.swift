import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// The CloudKit fake behind the simulated network: injected 5xx and 429 become
/// serviceUnavailable and requestRateLimited with retryAfter, zoneBusy comes from the fault
/// injector, and everything is seeded and traced.
final class CloudKitNetworkTests: XCTestCase {
    /// One device (alice) creates the Goals zone and saves one record through the network.
    static func run(_ source: FaultSource, seed: UInt64 = 7) throws -> (seen: [String], server: CloudKitServer, sim: Simulator) {
        let sim = Simulator(seed: seed, options: SimulatorOptions(policy: .fifo, recordTrace: true, faultSource: source))
        let server = CloudKitServer(simulator: sim)
        server.setAccount(.available(user: "alice"), device: "phone")
        let handle = sim.network.register(server)
        let device = sim.addDevice("phone")
        let seen = try sim.run { sim in
            let box = SeenBox()
            device.launch { context in
                let requests: [CloudKitRequest] = [.createZone("Goals"), .modifyRecords(CloudKitModify(saves: [CloudKitTestBed.goal("g1")]))]
                for request in requests {
                    do {
                        let response = try await context.call(handle, request, timeout: .seconds(10))
                        box.items.append(response.error.map { "\($0.code)/\($0.retryAfterSeconds ?? -1)" } ?? "ok")
                    } catch {
                        box.items.append("\(error)")
                    }
                }
            }
            await device.waitUntilStopped()
            return box.items
        }
        return (seen, server, sim)
    }

    static func plan(_ family: FaultFamily) -> FaultSource {
        var plan = FaultPlan.none
        plan.set(family, ppm: 1_000_000)
        return .plan(plan)
    }

    func testRateLimitBecomesRequestRateLimitedWithRetryAfterAndNothingIsApplied() throws {
        let (seen, server, sim) = try Self.run(Self.plan(.rateLimit))
        XCTAssertEqual(seen.count, 2)
        XCTAssertTrue(seen.allSatisfy { $0.hasPrefix("requestRateLimited/") && !$0.hasSuffix("/-1") }, "\(seen)")
        XCTAssertEqual(server.admin.zones(user: "alice"), ["_defaultZone"])
        XCTAssertTrue(sim.trace.records.contains { $0.event.contains("error=7 retry-after=") }, "traced")
    }

    func testServerErrorBecomesServiceUnavailableWithRetryAfter() throws {
        let (seen, server, _) = try Self.run(Self.plan(.serverError))
        XCTAssertEqual(seen, ["serviceUnavailable/5", "serviceUnavailable/5"])
        XCTAssertEqual(server.admin.records.count, 0)
    }

    func testZoneBusyComesFromTheFaultScheduleAndIsTraced() throws {
        let busy = InjectedFault(family: .serverError, subject: "ck-zone-busy req#2 Goals", detail: "4")
        let (seen, server, sim) = try Self.run(.schedule(FaultSchedule([busy])))
        XCTAssertEqual(seen, ["ok", "zoneBusy/4"])
        XCTAssertEqual(CloudKitErrorCode.zoneBusy.rawValue, 23)
        XCTAssertEqual(server.admin.records.count, 0, "a busy zone applied nothing")
        XCTAssertTrue(sim.trace.records.contains { $0.event == "zone-busy Goals retry-after=4" })
        XCTAssertEqual(sim.faults.injected, [busy])
    }

    func testLostResponsesLeaveTheSaveAppliedAndTheClientTimedOut() throws {
        let (seen, server, _) = try Self.run(Self.plan(.responseLoss))
        XCTAssertEqual(seen, ["timeout", "timeout"])
        XCTAssertEqual(server.admin.records.map(\.tagHistory), [["ct1"]], "applied once, unheard")
    }

    func testSameSeedSameTrace() throws {
        var plan = FaultPlan.none
        plan.set(.serverError, ppm: 300_000)
        plan.set(.rateLimit, ppm: 300_000)
        let first = try Self.run(.plan(plan), seed: 11).sim.trace.hash
        let second = try Self.run(.plan(plan), seed: 11).sim.trace.hash
        XCTAssertEqual(first, second)
    }
}

/// Collects what a simulated device saw (simulation thread only).
private final class SeenBox: @unchecked Sendable {
    var items: [String] = []
}
