import FakeCloud
import SimCore
import XCTest

/// A small InfiniteStories-shaped backend and helpers shared by the REST fake's tests: requests go
/// straight to `handle` with a hand-made `ServiceContext`.
final class RESTTestBed {
    let server: RESTServer
    let trace = Trace(recording: true)
    var nowNanoseconds: Int64 = 0
    var requestNumber: UInt64 = 0

    init(config: RESTServerConfig = RESTServerConfig(), definition: RESTBackendDefinition = RESTTestBed.definition) {
        server = RESTServer(definition: definition, config: config)
    }

    static let definition = RESTBackendDefinition { b in
        b.collection("heroes", path: "/api/heroes") { c in
            c.field("name", .string, required: true, maxLength: 20)
            c.field("age", .int, required: true)
            c.field("traits", .stringArray)
            c.field("special_ability", .string)
            c.field("avatar_url", .fileURL)
            c.unique("name")
            c.bulkDelete()
        }
        b.collection("stories", path: "/api/stories") { c in
            c.field("hero_id", .reference("heroes"), required: true)
            c.field("title", .string, required: true)
            c.field("rating", .double)
            c.field("published_at", .dateTime)
            c.field("is_favorite", .bool)
            c.field("meta", .json)
            c.bulkDelete(path: "/api/stories/all")
        }
        b.collection("illustrations", path: "/api/illustrations") { c in
            c.field("story_id", .reference("stories"), required: true, onParentDelete: .cascade)
            c.field("image_url", .fileURL)
        }
        b.collection("events", path: "/api/events") { c in
            c.field("hero_id", .reference("heroes"), onParentDelete: .setNull)
            c.field("title", .string, required: true)
        }
    }

    @discardableResult
    func send(_ request: HTTPRequest, from device: String = "phone-a") -> HTTPResponse {
        requestNumber += 1
        let context = ServiceContext(now: SimInstant(nanoseconds: nowNanoseconds), caller: device, requestNumber: requestNumber, trace: trace)
        return server.handle(request, context: context)
    }

    func advance(seconds: Int64) { nowNanoseconds += seconds * 1_000_000_000 }

    /// Signs up and returns (user id, access token, refresh token).
    func signUp(_ email: String, password: String = "password-1") -> (id: String, token: String, refresh: String) {
        let response = send(HTTPRequest(.post, "/auth/signup", body: .json(["email": .string(email), "password": .string(password)])))
        XCTAssertEqual(response.status, 201, "\(String(describing: response.json))")
        let data = response.json?["data"]
        return (data?["user"]?["id"]?.stringValue ?? "", data?["access_token"]?.stringValue ?? "", data?["refresh_token"]?.stringValue ?? "")
    }

    func request(_ method: HTTPMethod, _ token: String?, _ target: String, _ body: JSONValue? = nil, key: String? = nil, from device: String = "phone-a") -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        if let key { headers["Idempotency-Key"] = key }
        let request = HTTPRequest(method, target: target, headers: headers, body: body.map(HTTPBody.json) ?? .none).bearer(token)
        return send(request, from: device)
    }

    /// Creates a hero and returns its server id.
    func hero(_ token: String, _ name: String, age: Int64 = 8) -> String {
        let response = request(.post, token, "/api/heroes", ["name": .string(name), "age": .int(age)])
        XCTAssertEqual(response.status, 201, "\(String(describing: response.json))")
        return response.json?["data"]?["id"]?.stringValue ?? ""
    }

    /// Creates a story of `hero` and returns its server id.
    func story(_ token: String, hero: String, _ title: String) -> String {
        let response = request(.post, token, "/api/stories", ["hero_id": .string(hero), "title": .string(title)])
        XCTAssertEqual(response.status, 201, "\(String(describing: response.json))")
        return response.json?["data"]?["id"]?.stringValue ?? ""
    }

    func names(_ collection: String) -> [String] {
        server.admin.rows(collection).compactMap { $0.fields["name"]?.stringValue ?? $0.fields["title"]?.stringValue }
    }
}

extension HTTPResponse {
    /// The error code of an error body.
    var errorCode: String? { json?["error"]?["code"]?.stringValue }

    /// `field:reason` pairs of a 422 body, in body order.
    var fieldErrors: [String] {
        (json?["error"]?["fields"]?.arrayValue ?? []).map { "\($0["field"]?.stringValue ?? ""):\($0["reason"]?.stringValue ?? "")" }
    }

    var data: JSONValue? { json?["data"] }
}
