import AppPorts
import FakeCloud
import Foundation
@testable import InfiniteStories
import SimCore
import XCTest

/// The app's small parts: the local store, media references, timestamps, the retry policy, and
/// the REST fake's session revocation the scenarios use.
final class StoriesPortTests: XCTestCase {
    func testStoreKeepsEntitiesAcrossReloadsInCreationOrder() throws {
        let files = StoriesMemoryFiles()
        let cache = try CacheManager(files: files)
        try cache.save(Hero(id: "b", name: "B", age: 1, traits: [], createdAtMilliseconds: 20))
        try cache.save(Hero(id: "a", name: "A", age: 1, traits: [], createdAtMilliseconds: 10))
        var edited = try XCTUnwrap(cache.fetch(Hero.self, id: "b"))
        edited.name = "B2"
        try cache.save(edited)
        let reloaded = try CacheManager(files: files)
        XCTAssertEqual(reloaded.fetchAll(Hero.self).map(\.name), ["A", "B2"])
        XCTAssertEqual(reloaded.entityCount, 2)
    }

    func testMediaReferencesResolveByFileNameInTheFixedVariantOnly() {
        let files = StoriesMemoryFiles()
        files.files["Documents/Avatars/a.png"] = Data([1])
        let current = "/var/mobile/Containers/Data/Application/NEW", stale = "/var/mobile/Containers/Data/Application/OLD"
        let forms = ["a.png", current + "/Documents/Avatars/a.png", "file://" + current + "/Documents/Avatars/a.png",
                     "file://" + stale + "/Documents/Avatars/a.png", stale + "/Documents/Avatars/a.png"]
        func found(_ variant: StoriesVariant) -> [Bool] {
            let locator = MediaLocator(files: files, containerPath: current, variant: variant)
            return forms.map { locator.locate($0, kind: .avatar) != nil }
        }
        XCTAssertEqual(found(.fixed), [true, true, true, true, true])
        XCTAssertEqual(found(StoriesVariant(defects: [.mediaNameNotURL])), [false, false, true, true, false])
        XCTAssertEqual(found(StoriesVariant(defects: [.staleContainerPath])), [true, true, true, false, false])
        XCTAssertEqual(found(.asWritten), [false, false, true, false, false], "the seed: URL(string:) + isFileURL + the stored path")
        XCTAssertNil(MediaLocator(files: files, containerPath: current, variant: .fixed).locate("gone.png", kind: .avatar))
    }

    func testTimestampsAreRFC3339WithMilliseconds() {
        XCTAssertEqual(Timestamp.text(milliseconds: 0), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(Timestamp.text(milliseconds: 1_735_689_600_123), "2025-01-01T00:00:00.123Z")
        XCTAssertEqual(Timestamp.text(milliseconds: -1), "1969-12-31T23:59:59.999Z")
    }

    func testFixedRetryRetriesTransientErrorsHonoursRetryAfterAndStopsOnARefusal() async throws {
        let slept = Sleeps()
        let fixed = RetryPolicy(retriesEveryError: false, sleep: { slept.values.append($0) }, isCancelled: { false })
        var calls = 0
        let value = try await fixed.run("Hero", "A") { () async throws -> Int in
            calls += 1
            if calls == 1 { throw APIError.http(status: 429, code: nil, retryAfterSeconds: 9) }
            if calls == 2 { throw APIError.transport(.timeout) }
            return 7
        }
        XCTAssertEqual(value, 7)
        XCTAssertEqual(slept.values, [9_000, 2_000])
        calls = 0
        do {
            _ = try await fixed.run("Hero", "A") { () async throws -> Int in calls += 1; throw APIError.http(status: 422, code: nil, retryAfterSeconds: nil) }
            XCTFail("a 422 was retried into success")
        } catch let error as MigrationError {
            XCTAssertEqual(calls, 1)
            XCTAssertTrue(error.description.contains("422"))
        }
        do {
            _ = try await fixed.run("Hero", "A") { () async throws -> Int in throw APIError.unauthorized }
        } catch let error as MigrationError {
            XCTAssertEqual(error, .sessionEnded)
        }
    }

    func testSeedRetryRetriesEveryErrorThreeTimes() async {
        let seed = RetryPolicy(retriesEveryError: true, sleep: { _ in }, isCancelled: { false })
        var calls = 0
        _ = try? await seed.run("Hero", "A") { () async throws -> Int in calls += 1; throw APIError.http(status: 422, code: nil, retryAfterSeconds: nil) }
        XCTAssertEqual(calls, 4)
    }

    func testRevokedSessionsAnswer401AndCannotRefresh() async throws {
        let h = try StoriesHarness()
        try await h.signUp()
        let refresh = try XCTUnwrap(h.auth.session?.refreshToken)
        h.server.revokeSessions(of: h.userId)
        let api = APIClient(transport: h.transport, auth: h.auth)
        do {
            try await api.request(.get, "/api/heroes")
            XCTFail("a revoked token was accepted")
        } catch let error as APIError {
            XCTAssertEqual(error, .unauthorized)
        }
        XCTAssertFalse(h.auth.isAuthenticated, "a refused refresh ends the local session")
        let response = h.server.handle(HTTPRequest(.post, "/auth/refresh", body: .json(["refresh_token": .string(refresh)])),
                                       context: ServiceContext(now: .zero, caller: "x", requestNumber: 0, trace: h.transport.trace))
        XCTAssertEqual(response.status, 401)
    }

    func testAPinnedRequestIsNotSentUnderAnotherAccount() async throws {
        let h = try StoriesHarness()
        try await h.signUp()
        let api = APIClient(transport: h.transport, auth: h.auth)
        let before = h.transport.sent.count
        do {
            try await api.request(.get, "/api/heroes", account: "someone-else")
            XCTFail("sent under another account")
        } catch let error as APIError {
            XCTAssertEqual(error, .accountChanged)
        }
        XCTAssertEqual(h.transport.sent.count, before)
    }
}

private final class Sleeps: @unchecked Sendable {
    var values: [Int64] = []
}
