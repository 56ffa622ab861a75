import FakeCloud
import SimCore
import XCTest

/// The REST fake behind the simulated network: a device's `context.call` reaches it, and the
/// network's faults (lost responses, duplicates, injected 5xx/429) act on it.
final class RESTNetworkTests: XCTestCase {
    /// One device sends `requests` in order (each with `token` as bearer) through a network with
    /// `family` always firing; returns what the device saw and the server.
    static func run(_ requests: [HTTPRequest], family: FaultFamily?, seed: UInt64 = 41) throws -> (seen: [String], server: RESTServer, sim: Simulator) {
        var plan = FaultPlan.none
        if let family { plan.set(family, ppm: 1_000_000) }
        let sim = Simulator(seed: seed, options: SimulatorOptions(policy: .fifo, recordTrace: true, faultSource: .plan(plan)))
        let server = RESTServer(definition: RESTTestBed.definition)
        // The account exists before the run (created off the network, like a fixture).
        let signUp = server.handle(
            HTTPRequest(.post, "/auth/signup", body: .json(["email": "alice@example.com", "password": "password-1"])),
            context: ServiceContext(now: .zero, caller: "fixture", requestNumber: 0, trace: sim.trace))
        let token = signUp.json?["data"]?["access_token"]?.stringValue
        let handle = sim.network.register(server)
        let device = sim.addDevice("phone-a")
        let seen = try sim.run { sim in
            let box = SeenBox()
            device.launch { context in
                for request in requests {
                    do {
                        let response = try await context.call(handle, request.bearer(token), timeout: .seconds(10))
                        box.items.append("\(response.status)")
                    } catch {
                        box.items.append("\(error)")
                    }
                }
            }
            await device.waitUntilStopped()
            // Let late duplicates arrive (they come up to 2 s after the original).
            await sim.sleep(for: .seconds(60))
            return box.items
        }
        return (seen, server, sim)
    }

    static let createHero = HTTPRequest(.post, "/api/heroes", body: .json(["name": "Luna", "age": 8]))
    /// Events have no unique field set, so nothing but an idempotency key stops a duplicate.
    static let createEvent = HTTPRequest(.post, "/api/events", body: .json(["title": "Birthday"]))

    func testCleanCallsGoThroughTheNetworkAndAreTraced() throws {
        let (seen, server, sim) = try Self.run([Self.createHero, HTTPRequest(.get, "/api/heroes")], family: nil)
        XCTAssertEqual(seen, ["201", "200"])
        XCTAssertEqual(server.admin.rows("heroes").map(\.createdByDevice), ["phone-a"])
        let events = sim.trace.records.map(\.event)
        XCTAssertTrue(events.contains("→rest #1 POST heroes bytes=23"), "\(events)")
        XCTAssertTrue(events.contains { $0.hasSuffix("status=201") })
    }

    func testLostResponsesMakeTheRetriedPostCreateTwoRowsWithoutAKey() throws {
        let (seen, server, _) = try Self.run([Self.createEvent, Self.createEvent], family: .responseLoss)
        XCTAssertEqual(seen, ["timeout", "timeout"], "the device never learns the outcome")
        XCTAssertEqual(server.admin.rows("events").count, 2, "each attempt created a row")
    }

    func testLostResponsesWithAnIdempotencyKeyCreateOneRow() throws {
        var keyed = Self.createEvent
        keyed.headers["Idempotency-Key"] = "local-event-1"
        let (seen, server, sim) = try Self.run([keyed, keyed], family: .responseLoss)
        XCTAssertEqual(seen, ["timeout", "timeout"])
        XCTAssertEqual(server.admin.rows("events").count, 1)
        XCTAssertTrue(sim.trace.records.contains { $0.event == "idempotent-replay status=201" })
    }

    func testDuplicateDeliveryWithoutAKeyCreatesTwoRows() throws {
        let (seen, server, _) = try Self.run([Self.createEvent], family: .duplicate)
        XCTAssertEqual(seen, ["201"])
        XCTAssertEqual(server.admin.rows("events").count, 2)
    }

    func testAUniqueNaturalKeyTurnsTheRetryIntoA409() throws {
        let (seen, server, _) = try Self.run([Self.createHero, Self.createHero], family: .responseLoss)
        XCTAssertEqual(seen, ["timeout", "timeout"])
        XCTAssertEqual(server.admin.rows("heroes").count, 1)
        XCTAssertEqual(server.admin.writes.count, 1, "the retry was refused (409), not applied")
    }

    func testInjectedServerErrorsAndRateLimitsReachTheDeviceWithoutApplying() throws {
        let (errors, server, _) = try Self.run([Self.createHero], family: .serverError)
        XCTAssertTrue(errors.first?.hasPrefix("5") ?? false, "\(errors)")
        XCTAssertTrue(server.admin.rows.isEmpty)
        let (limited, limitedServer, _) = try Self.run([Self.createHero], family: .rateLimit)
        XCTAssertEqual(limited, ["429"])
        XCTAssertTrue(limitedServer.admin.rows.isEmpty)
    }

    func testSameSeedGivesTheSameTraceHash() throws {
        let first = try Self.run([Self.createEvent, Self.createEvent, HTTPRequest(.get, "/api/events")], family: .duplicate, seed: 9)
        let second = try Self.run([Self.createEvent, Self.createEvent, HTTPRequest(.get, "/api/events")], family: .duplicate, seed: 9)
        XCTAssertEqual(first.sim.trace.hash, second.sim.trace.hash)
        XCTAssertEqual(first.server.admin.rows.map(\.id), second.server.admin.rows.map(\.id))
    }
}

/// Collects what the device saw (touched only on the simulation's thread).
private final class SeenBox: @unchecked Sendable {
    var items: [String] = []
}
