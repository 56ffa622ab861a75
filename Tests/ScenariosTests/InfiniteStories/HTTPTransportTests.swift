@testable import AppPorts
import FakeCloud
import Foundation
import SimCore
import SimHarness
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP port's two transports: the simulated one maps what the network does to
/// `HTTPTransportError` (statuses, injected 5xx/429 included, come back as responses), the live
/// one builds URLSession requests and reads responses without touching the network.
final class HTTPTransportTests: XCTestCase {
    /// One call from a device through a network where `family` always fires (nil: no fault);
    /// `offline` takes the device off the network first. Returns the status or the error seen.
    static func outcome(_ family: FaultFamily?, offline: Bool = false) throws -> (seen: String, rows: Int) {
        var plan = FaultPlan.none
        if let family { plan.set(family, ppm: 1_000_000) }
        let sim = Simulator(seed: 3, options: SimulatorOptions(policy: .fifo, faultSource: .plan(plan)))
        let server = RESTServer(definition: definition)
        let signUp = server.handle(
            HTTPRequest(.post, "/auth/signup", body: .json(["email": "ann@example.com", "password": "password-1"])),
            context: ServiceContext(now: .zero, caller: "setup", requestNumber: 0, trace: sim.trace))
        let token = signUp.json?["data"]?["access_token"]?.stringValue
        let handle = sim.network.register(server)
        let device = sim.addDevice("phone")
        if offline { sim.network.setOffline(device, true) }
        let seen = try sim.run { _ in
            let box = SeenText()
            device.launch { context in
                let transport = DeviceHTTPTransport(context, service: handle, timeout: .seconds(20))
                let request = HTTPRequest(.post, "/api/notes", body: .json(["title": "a"])).bearer(token)
                do {
                    box.text = "\(try await transport.send(request).status)"
                } catch let error as HTTPTransportError {
                    box.text = error.description
                } catch {
                    box.text = "other \(error)"
                }
            }
            await device.waitUntilStopped()
            return box.text
        }
        return (seen, server.admin.rows("notes").count)
    }

    static let definition = RESTBackendDefinition { b in
        b.collection("notes", path: "/api/notes") { c in c.field("title", .string, required: true) }
    }

    func testAnAnsweredRequestReturnsItsStatus() throws {
        XCTAssertEqual(try Self.outcome(nil).seen, "201")
    }

    func testALostResponseIsATimeoutAfterTheServerApplied() throws {
        let result = try Self.outcome(.responseLoss)
        XCTAssertEqual(result.seen, "timeout")
        XCTAssertEqual(result.rows, 1, "the server created the row")
    }

    func testALostRequestIsATimeoutWithNothingApplied() throws {
        let result = try Self.outcome(.requestLoss)
        XCTAssertEqual(result.seen, "timeout")
        XCTAssertEqual(result.rows, 0)
    }

    func testAnOfflineDeviceSendsNothing() throws {
        let result = try Self.outcome(nil, offline: true)
        XCTAssertEqual(result.seen, "offline")
        XCTAssertEqual(result.rows, 0)
    }

    func testInjectedServerErrorsAndRateLimitsAreResponsesNotErrors() throws {
        let failed = try Self.outcome(.serverError).seen
        XCTAssertTrue(["500", "502", "503", "504"].contains(failed), failed)
        XCTAssertEqual(try Self.outcome(.rateLimit).seen, "429")
    }

    // MARK: Live transport (no network: request building and response reading)

    func testLiveRequestJoinsThePathEncodesTheQueryAndSendsCanonicalJSON() throws {
        let transport = LiveHTTPTransport(baseURL: URL(string: "https://api.example.com/v1/")!, timeoutSeconds: 12)
        var headers = HTTPHeaders()
        headers.add("Idempotency-Key", "k 1")
        let request = HTTPRequest(.post, "/heroes", query: [HTTPQueryItem("name", "Ann & Bo")], headers: headers,
                                  body: .json(["b": 1, "a": "x"]))
        let built = try transport.makeURLRequest(request)
        XCTAssertEqual(built.url?.absoluteString, "https://api.example.com/v1/heroes?name=Ann%20%26%20Bo")
        XCTAssertEqual(built.httpMethod, "POST")
        XCTAssertEqual(built.timeoutInterval, 12)
        XCTAssertEqual(built.value(forHTTPHeaderField: "Idempotency-Key"), "k 1")
        XCTAssertEqual(built.value(forHTTPHeaderField: "Content-Type"), "application/json")
        XCTAssertEqual(built.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"a":"x","b":1}"#)
    }

    func testLiveResponseBodiesParseJSONAndKeepOtherBytes() {
        XCTAssertEqual(LiveHTTPTransport.body(Data(#"{"data":1}"#.utf8), contentType: "application/json; charset=utf-8"), .json(["data": 1]))
        XCTAssertEqual(LiveHTTPTransport.body(Data("<h1>502</h1>".utf8), contentType: "text/html"),
                       .bytes(Array("<h1>502</h1>".utf8), contentType: "text/html"))
        XCTAssertEqual(LiveHTTPTransport.body(Data("{oops".utf8), contentType: "application/json"),
                       .bytes(Array("{oops".utf8), contentType: "application/json"))
        XCTAssertEqual(LiveHTTPTransport.body(Data(), contentType: "application/json"), .none)
    }

    func testLiveTransportErrorsSayWhetherTheRequestMayHaveBeenApplied() {
        XCTAssertEqual(LiveHTTPTransport.transportError(URLError(.timedOut)), .timeout)
        XCTAssertEqual(LiveHTTPTransport.transportError(URLError(.networkConnectionLost)), .timeout)
        XCTAssertEqual(LiveHTTPTransport.transportError(URLError(.notConnectedToInternet)), .offline)
        XCTAssertEqual(LiveHTTPTransport.transportError(URLError(.cannotConnectToHost)), .offline)
        XCTAssertEqual(LiveHTTPTransport.transportError(URLError(.cancelled)), .cancelled)
    }
}

/// What the device saw (touched only on the simulation's thread).
private final class SeenText: @unchecked Sendable {
    var text = ""
}
