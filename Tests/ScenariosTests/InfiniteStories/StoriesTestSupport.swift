import AppPorts
import FakeCloud
import Foundation
@testable import InfiniteStories
@testable import InfiniteStoriesSim
import SimCore
import XCTest

/// In-memory ports and a transport straight to a REST fake (no simulator): the app's code runs as
/// plain async Swift against the backend, for unit tests.
final class StoriesMemoryFiles: LocalFileStore, @unchecked Sendable {
    var files: [String: Data] = [:]
    func read(path: String) throws -> Data? { files[path] }
    func write(path: String, data: Data) throws { files[path] = data }
    func remove(path: String) throws { files[path] = nil }
}

final class StoriesMemoryDefaults: KeyValueStore, @unchecked Sendable {
    var values: [String: JSONValue] = [:]
    var flushed: [String: JSONValue] = [:]
    func value(forKey key: String) -> JSONValue? { values[key] }
    func set(_ value: JSONValue?, forKey key: String) { values[key] = value }
    func synchronize() -> Bool { flushed = values; return true }
}

struct StoriesFixedClock: WallClock {
    var nowMilliseconds: Int64 = 1_768_435_200_000
    var utcOffsetSeconds = 0
}

final class StoriesCountingIDs: IDGenerator, @unchecked Sendable {
    var next = 0
    func uuid() -> String {
        next += 1
        return UUIDText.format(high: 0xabcd_0000_0000_4000, low: 0x8000_0000_0000_0000 | UInt64(next))
    }
}

/// Hands each request to the server at once. `loseResponse` decides, per request, that the
/// server applies it but the client sees a timeout (a lost response).
final class StoriesDirectTransport: HTTPTransport, @unchecked Sendable {
    let server: RESTServer
    let trace = Trace(recording: false)
    var now: Int64 = 0
    var number: UInt64 = 0
    var sent: [HTTPRequest] = []
    var loseResponse: (HTTPRequest) -> Bool = { _ in false }

    init(server: RESTServer) { self.server = server }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        number += 1
        now += 50_000_000
        sent.append(request)
        let response = server.handle(request, context: ServiceContext(now: SimInstant(nanoseconds: now), caller: "phone", requestNumber: number, trace: trace))
        if loseResponse(request) { throw HTTPTransportError.timeout }
        return response
    }
}

/// One app install against a fresh backend: a small store, its media, a signed-up account.
final class StoriesHarness {
    let server: RESTServer
    let transport: StoriesDirectTransport
    let files = StoriesMemoryFiles()
    let defaults = StoriesMemoryDefaults()
    let container = "/var/mobile/Containers/Data/Application/CURRENT"
    let variant: StoriesVariant
    let auth: AuthManager
    let cache: CacheManager
    let manager: MigrationManager

    init(variant: StoriesVariant = .fixed, options: StoriesBackend.Options = StoriesBackend.Options(), data: (CacheManager, StoriesMemoryFiles) throws -> Void = StoriesHarness.smallStore) throws {
        server = RESTServer(definition: StoriesBackend.definition(options), config: StoriesBackend.config(options, accessTokenSeconds: nil))
        transport = StoriesDirectTransport(server: server)
        self.variant = variant
        auth = AuthManager(transport: transport, files: files)
        cache = try CacheManager(files: files)
        try data(cache, files)
        manager = MigrationManager(
            cache: cache, api: APIClient(transport: transport, auth: auth), auth: auth, files: files, defaults: defaults, clock: StoriesFixedClock(),
            ids: StoriesCountingIDs(), locator: MediaLocator(files: files, containerPath: container, variant: variant), variant: variant,
            installId: "install-1", sleep: { _ in })
    }

    /// Two heroes (one with an avatar named by file name), a custom event, two stories (one with
    /// audio and two illustrations with images, one using the event).
    static func smallStore(_ cache: CacheManager, _ files: StoriesMemoryFiles) throws {
        files.files["Documents/Avatars/luna.png"] = Data([1, 2, 3])
        files.files["Documents/Audio/s1.mp3"] = Data([4, 5, 6, 7])
        files.files["Documents/Illustrations/i1.png"] = Data([8])
        files.files["Documents/Illustrations/i2.png"] = Data([9, 9])
        try cache.save(Hero(id: "h1", name: "Luna", age: 7, traits: ["brave"], avatarImagePath: "luna.png", createdAtMilliseconds: 1))
        try cache.save(Hero(id: "h2", name: "Max", age: 5, traits: [], createdAtMilliseconds: 2))
        try cache.save(CustomStoryEvent(id: "e1", title: "First day", eventDescription: "school", promptSeed: "p", category: "school",
                                        ageRange: "3-6", tone: "calm", createdAtMilliseconds: 3))
        let pictures = [StoryIllustration(id: "i1", timestamp: 1.5, imagePrompt: "a cat", imagePath: "i1.png", displayOrder: 0),
                        StoryIllustration(id: "i2", timestamp: 9.0, imagePrompt: "a dog", imagePath: "i2.png", displayOrder: 1)]
        try cache.save(Story(id: "s1", title: "Moon", content: "…", heroId: "h1", audioFileName: "s1.mp3", illustrations: pictures,
                             createdAtMilliseconds: 4))
        try cache.save(Story(id: "s2", title: "School", content: "…", heroId: "h2", customEventId: "e1", createdAtMilliseconds: 5))
    }

    func signUp(_ email: String = "ann@example.com") async throws {
        try await auth.signUp(email: email, password: "password-1", name: nil)
    }

    var userId: String { auth.userId ?? "" }

    func rows(_ collection: String) -> [RESTRow] { server.admin.rows(collection, owner: userId) }

    /// The web client's token for the same account (a second session).
    func webToken(_ email: String = "ann@example.com") -> String {
        let response = server.handle(HTTPRequest(.post, "/auth/signin", body: .json(["email": .string(email), "password": "password-1"])),
                                     context: ServiceContext(now: SimInstant(nanoseconds: transport.now), caller: "web", requestNumber: 0, trace: transport.trace))
        return response.json?["data"]?["access_token"]?.stringValue ?? ""
    }

    @discardableResult
    func web(_ method: HTTPMethod, _ path: String, _ body: JSONValue? = nil, token: String) -> HTTPResponse {
        server.handle(HTTPRequest(method, path, body: body.map(HTTPBody.json) ?? .none).bearer(token),
                      context: ServiceContext(now: SimInstant(nanoseconds: transport.now), caller: "web", requestNumber: 0, trace: transport.trace))
    }
}
