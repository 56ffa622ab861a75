import FakeCloud
import SimCore
import XCTest

/// HTTP-level behaviour: headers, body parsing and caps, routing, injected failures, the rate
/// limiter, trace summaries, the admin view.
final class RESTProtocolTests: XCTestCase {
    func testHeaderNamesAreCaseInsensitive() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-A": "1"]
        XCTAssertEqual(headers["content-type"], "text/plain")
        headers["CONTENT-TYPE"] = "application/json"
        XCTAssertEqual(headers.fields, [HTTPField("X-A", "1"), HTTPField("CONTENT-TYPE", "application/json")])
        headers.add("x-a", "2")
        XCTAssertEqual(headers.values("X-A"), ["1", "2"])
        XCTAssertEqual(headers, ["x-a": "1", "content-type": "application/json", "X-A": "2"])
        headers["x-a"] = nil
        XCTAssertNil(headers["X-A"])
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let lower = bed.send(HTTPRequest(.get, "/api/heroes", headers: ["authorization": "bearer " + alice.token]))
        XCTAssertEqual(lower.status, 200, "header name and auth scheme both case-insensitive")
    }

    func testMalformedJSONIs400AndNonJSONIs415() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let broken = bed.send(HTTPRequest(.post, "/api/heroes", body: .bytes(Array(#"{"name": "Luna", "#.utf8), contentType: "application/json")).bearer(alice.token))
        XCTAssertEqual(broken.status, 400)
        XCTAssertEqual(broken.errorCode, "malformed_json")
        let text = bed.send(HTTPRequest(.post, "/api/heroes", body: .bytes(Array("name=Luna".utf8), contentType: "text/plain")).bearer(alice.token))
        XCTAssertEqual(text.status, 415)
        XCTAssertEqual(bed.request(.post, alice.token, "/api/heroes", ["a", "b"]).errorCode, "invalid_body", "a body that is not an object")
        let valid = bed.send(HTTPRequest(.post, "/api/heroes", body: .bytes(Array(#"{"name":"Luna","age":8}"#.utf8), contentType: "application/json")).bearer(alice.token))
        XCTAssertEqual(valid.status, 201, "JSON sent as text is parsed")
    }

    func testBodyOverTheCapIs413BeforeAuthentication() {
        var config = RESTServerConfig()
        config.maxJSONBodyBytes = 64
        let bed = RESTTestBed(config: config)
        let big: JSONValue = ["name": .string(String(repeating: "x", count: 80)), "age": 1]
        let response = bed.request(.post, nil, "/api/heroes", big)
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.errorCode, "payload_too_large")
    }

    func testUnknownRouteIs404AndWrongMethodIs405WithAllow() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let unknown = bed.request(.get, alice.token, "/api/dragons")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.errorCode, "route_not_found")
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes/a/b").status, 404)
        let wrong = bed.request(.patch, alice.token, "/api/heroes")
        XCTAssertEqual(wrong.status, 405)
        XCTAssertEqual(wrong.headers["allow"], "GET, POST, DELETE")
        XCTAssertEqual(bed.request(.get, nil, "/auth/signup").headers["Allow"], "POST")
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes/").status, 200, "a trailing slash is ignored")
    }

    func testInjectedFailuresAre429WithRetryAfterAnd5xxAndChangeNothing() {
        let server = RESTServer(definition: RESTTestBed.definition)
        let request = HTTPRequest(.post, "/api/heroes", body: .json(["name": "L", "age": 1]))
        let limited = server.injectedFailure(.rateLimited(retryAfterSeconds: 7), for: request)
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.retryAfterSeconds, 7)
        XCTAssertEqual(limited.errorCode, "rate_limited")
        XCTAssertEqual(server.injectedFailure(.serverError(status: 500), for: request).errorCode, "internal_error")
        let gateway = server.injectedFailure(.serverError(status: 502), for: request)
        XCTAssertEqual(gateway.status, 502)
        XCTAssertEqual(gateway.body.contentType, "text/html", "a proxy's error page is not JSON")
        XCTAssertTrue(server.admin.rows.isEmpty && server.admin.writes.isEmpty)
    }

    func testServerRateLimiterAnswers429PerTokenUntilTheWindowEnds() {
        var config = RESTServerConfig()
        config.rateLimit = RateLimit(requests: 2, windowSeconds: 10)
        let bed = RESTTestBed(config: config)
        let alice = bed.signUp("alice@example.com")
        let bob = bed.signUp("bob@example.com")
        bed.advance(seconds: 3)
        XCTAssertEqual([bed.request(.get, alice.token, "/api/heroes").status, bed.request(.get, alice.token, "/api/heroes").status], [200, 200])
        let limited = bed.request(.get, alice.token, "/api/heroes")
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.retryAfterSeconds, 7)
        XCTAssertEqual(bed.request(.get, bob.token, "/api/heroes").status, 200, "per token")
        bed.advance(seconds: 7)
        XCTAssertEqual(bed.request(.get, alice.token, "/api/heroes").status, 200, "a new window")
        let unlimited = RESTTestBed()
        let carol = unlimited.signUp("carol@example.com")
        let statuses = (0..<50).map { _ in unlimited.request(.get, carol.token, "/api/heroes").status }
        XCTAssertEqual(Set(statuses), [200], "off by default")
    }

    func testTraceSummariesAreTemplatesAndIntegers() {
        let server = RESTServer(definition: RESTTestBed.definition)
        let request = HTTPRequest(.patch, "/api/heroes/00000000-0000-4000-8000-000000000001", headers: ["Idempotency-Key": "k"], body: .json(["age": 9]))
        XCTAssertEqual(server.summary(of: request), "PATCH heroes/:id bytes=9 idem")
        XCTAssertEqual(server.summary(of: HTTPRequest(.get, "/nowhere")), "GET unrouted bytes=0")
        var response = HTTPResponse(status: 429, headers: ["Retry-After": "3"])
        XCTAssertEqual(server.summary(of: response), "status=429 retry-after=3")
        response = HTTPResponse(status: 201, headers: ["Idempotent-Replayed": "true"])
        XCTAssertEqual(server.summary(of: response), "status=201 replayed")
    }

    func testAdminViewListsRowsWithProvenanceAndFilesInAFixedOrder() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let bob = bed.signUp("bob@example.com")
        bed.advance(seconds: 2)
        let story = bed.story(alice.token, hero: bed.hero(alice.token, "A"), "S")
        _ = bed.request(.post, bob.token, "/api/heroes", ["name": "B", "age": 2], key: "bob-1", from: "tablet-b")
        let start = bed.request(.post, alice.token, "/api/uploads", ["filename": "x.png", "content_type": "image/png", "byte_size": 3])
        _ = bed.send(HTTPRequest(.put, target: start.data?["upload_url"]?.stringValue ?? "", body: .bytes([1, 2, 3], contentType: "image/png")))
        let admin = bed.server.admin
        XCTAssertEqual(admin.rows.map(\.collection), ["heroes", "heroes", "stories"], "collections in declaration order")
        XCTAssertEqual(admin.rows.map(\.ownerId), [alice.id, bob.id, alice.id])
        let bobs = admin.rows[1]
        XCTAssertEqual(bobs.createdByDevice, "tablet-b")
        XCTAssertEqual(bobs.idempotencyKey, "bob-1")
        XCTAssertEqual(bobs.createdByRequest, 5)
        XCTAssertEqual(bobs.createdAtNanoseconds, 2_000_000_000)
        XCTAssertEqual(admin.rows.map(\.sequence), [0, 2, 1])
        XCTAssertEqual(admin.row(id: story)?.fields["title"], "S")
        XCTAssertEqual(admin.json(of: bobs)["owner_id"]?.stringValue, bob.id)
        XCTAssertEqual(admin.writes.map(\.requestNumber), [3, 4, 5])
        XCTAssertEqual(admin.files.map(\.byteCount), [3])
        XCTAssertEqual(admin.files.first?.createdByRequest, 6)
        XCTAssertEqual(admin.files.first?.contentHash, admin.files.first.map { _ in
            var hash = StableHash.offsetBasis
            for byte: UInt8 in [1, 2, 3] { hash = (hash ^ UInt64(byte)) &* StableHash.prime }
            return hash
        })
        XCTAssertEqual(admin.users.map(\.email), ["alice@example.com", "bob@example.com"])
    }
}
