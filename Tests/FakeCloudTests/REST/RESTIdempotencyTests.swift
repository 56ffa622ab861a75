import FakeCloud
import SimCore
import XCTest

/// `Idempotency-Key` after Stripe and draft-ietf-httpapi-idempotency-key-header.
final class RESTIdempotencyTests: XCTestCase {
    func testSameKeyAndBodyReplaysTheFirstResponseAndCreatesOneRow() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let first = bed.request(.post, alice.token, "/api/heroes", ["name": "Luna", "age": 8], key: "hero-local-1")
        bed.advance(seconds: 60)
        let retry = bed.send(
            HTTPRequest(
                .post, "/api/heroes", headers: ["idempotency-key": "hero-local-1"],
                body: .bytes(Array(#"{ "age": 8,  "name": "Luna" }"#.utf8), contentType: "application/json; charset=utf-8")
            ).bearer(alice.token))
        XCTAssertEqual(retry.status, 201)
        XCTAssertEqual(retry.body, first.body, "same status and body, same created id")
        XCTAssertEqual(retry.headers["Location"], first.headers["Location"])
        XCTAssertEqual(retry.headers["Idempotent-Replayed"], "true")
        XCTAssertNil(first.headers["Idempotent-Replayed"])
        XCTAssertEqual(bed.names("heroes"), ["Luna"])
        XCTAssertEqual(bed.server.admin.rows("heroes").first?.idempotencyKey, "hero-local-1")
        XCTAssertTrue(bed.trace.records.contains { $0.event == "idempotent-replay status=201" })
    }

    func testSameKeyWithADifferentBodyIs422OrStripes400() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        _ = bed.request(.post, alice.token, "/api/heroes", ["name": "Luna", "age": 8], key: "k1")
        let mismatch = bed.request(.post, alice.token, "/api/heroes", ["name": "Sol", "age": 8], key: "k1")
        XCTAssertEqual(mismatch.status, 422)
        XCTAssertEqual(mismatch.errorCode, "idempotency_error")
        XCTAssertEqual(bed.request(.post, alice.token, "/api/stories", ["name": "Luna", "age": 8], key: "k1").status, 422, "another endpoint is another request")
        var config = RESTServerConfig()
        config.idempotency.mismatch = .stripe400
        let stripe = RESTTestBed(config: config)
        let bob = stripe.signUp("bob@example.com")
        _ = stripe.request(.post, bob.token, "/api/heroes", ["name": "Luna", "age": 8], key: "k1")
        XCTAssertEqual(stripe.request(.post, bob.token, "/api/heroes", ["name": "Sol", "age": 8], key: "k1").status, 400)
        XCTAssertEqual(bed.names("heroes"), ["Luna"])
    }

    func testKeysAreScopedPerUser() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let bob = bed.signUp("bob@example.com")
        let a = bed.request(.post, alice.token, "/api/heroes", ["name": "Luna", "age": 8], key: "same")
        let b = bed.request(.post, bob.token, "/api/heroes", ["name": "Luna", "age": 8], key: "same")
        XCTAssertEqual([a.status, b.status], [201, 201])
        XCTAssertNotEqual(a.data?["id"], b.data?["id"], "bob's key is not alice's")
        XCTAssertEqual(bed.server.admin.idempotencyRecords.map(\.userId), [alice.id, bob.id].sorted())
    }

    func testKeysExpireAfterTheRetentionWindow() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let first = bed.request(.post, alice.token, "/api/events", ["title": "E"], key: "k")
        bed.advance(seconds: 86_399)
        let refreshed = bed.send(HTTPRequest(.post, "/auth/signin", body: .json(["email": "alice@example.com", "password": "password-1"])))
        let token = refreshed.data?["access_token"]?.stringValue
        XCTAssertEqual(bed.request(.post, token, "/api/events", ["title": "E"], key: "k").body, first.body, "replayed within 24 h")
        bed.advance(seconds: 1)
        let later = bed.request(.post, token, "/api/events", ["title": "E"], key: "k")
        XCTAssertEqual(later.status, 201)
        XCTAssertNotEqual(later.data?["id"], first.data?["id"], "a pruned key runs the request again")
        XCTAssertEqual(bed.names("events"), ["E", "E"])
    }

    func testRefusedValidationIsNotSavedSoACorrectedRetryRuns() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        XCTAssertEqual(bed.request(.post, alice.token, "/api/heroes", ["name": "Luna"], key: "k").status, 422)
        let corrected = bed.request(.post, alice.token, "/api/heroes", ["name": "Luna", "age": 8], key: "k")
        XCTAssertEqual(corrected.status, 201, "Stripe saves nothing when parameters fail validation")
        _ = bed.hero(alice.token, "Sol")
        let conflict = bed.request(.post, alice.token, "/api/heroes", ["name": "Sol", "age": 1], key: "k2")
        XCTAssertEqual(conflict.status, 409)
        XCTAssertEqual(bed.request(.delete, alice.token, "/api/heroes/" + (bed.server.admin.rows("heroes").last?.id ?? "")).status, 204)
        let replayedConflict = bed.request(.post, alice.token, "/api/heroes", ["name": "Sol", "age": 1], key: "k2")
        XCTAssertEqual(replayedConflict.status, 409, "an executed request's error is saved and replayed, as Stripe replays a 409")
        XCTAssertEqual(replayedConflict.headers["Idempotent-Replayed"], "true")
    }

    func testKeyLongerThan255CharactersIs400() {
        let bed = RESTTestBed()
        let alice = bed.signUp("alice@example.com")
        let response = bed.request(.post, alice.token, "/api/events", ["title": "E"], key: String(repeating: "k", count: 256))
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.errorCode, "invalid_idempotency_key")
        XCTAssertEqual(bed.request(.post, alice.token, "/api/events", ["title": "E"], key: "\"quoted\"").status, 201, "an RFC 8941 string is unquoted")
        XCTAssertEqual(bed.server.admin.rows("events").map(\.idempotencyKey), ["quoted"])
    }
}
