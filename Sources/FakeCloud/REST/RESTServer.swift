import Foundation
import AppPorts
import SimCore

/// The in-process fake of an app team's own REST backend (Express / Rails / Vapor style), behind
/// SimCore's `SimService` so the simulated network delivers, loses, duplicates and fails every
/// request.
///
/// Routes come from a `RESTBackendDefinition` (collections as data, no handler per endpoint):
/// - `POST /auth/signup` 201 · `POST /auth/signin` 200 · `POST /auth/refresh` 200 ·
///   `POST /auth/signout` 204 · `GET /auth/me` 200 (bearer);
/// - per collection `GET path?limit&offset&<field>=` 200 · `POST path` 201 · `GET|PUT|PATCH path/<id>`
///   200 · `DELETE path/<id>` 204 · `DELETE bulkDeletePath` 200 `{deleted}`;
/// - `POST /api/uploads` 201, `PUT /storage/uploads/<key>?…` 200, `GET /storage/files/<key>` 200
///   (see `RESTMediaStore`). The seed's per-story `uploadAudio(storyId:)` / `uploadIllustration`
///   endpoints (l.763, l.773) are modelled as an upload plus a `PATCH` of the story's URL field.
/// Success bodies are `{"data": …}`, errors `{"error": {code, message, fields?}}` (`RESTFailure`).
/// An `Idempotency-Key` is honoured on authenticated non-GET routes only (not on sign-up/sign-in).
/// Requests pass, in this order, as Express middleware would run: routing (404 / 405) → body size
/// (413) → body parsing (415 / 400) → bearer token (401) → rate limiter (429, optional) →
/// `Idempotency-Key` (replay / 422) → the handler. Server-assigned ids come from one counter per
/// server rendered as a UUID, so a retried `POST` without a key creates a second row — exactly
/// what a real backend does and what the harness must catch.
public final class RESTServer: SimService {
    public let name: String
    public let definition: RESTBackendDefinition
    public let config: RESTServerConfig
    var auth: RESTAuth
    var store: RESTResourceStore
    var media: RESTMediaStore
    var idempotency: RESTIdempotencyStore
    private var limiter: RESTRateLimiter
    private let router: RESTRouter
    private var nextId: UInt64 = 0

    public init(definition: RESTBackendDefinition, config: RESTServerConfig = RESTServerConfig(), name: String = "rest") {
        self.name = name
        self.definition = definition
        self.config = config
        self.auth = RESTAuth(config: config)
        self.store = RESTResourceStore(definition: definition)
        self.media = RESTMediaStore(options: config.media, storagePath: definition.storagePath, epochMilliseconds: config.epochMilliseconds)
        self.idempotency = RESTIdempotencyStore(options: config.idempotency)
        self.limiter = RESTRateLimiter(limit: config.rateLimit)
        self.router = RESTRouter(definition: definition)
    }

    /// Ends every session of the user at once, off the network: what a password change or "sign
    /// out of all devices" on the web does (devise-jwt revokes by denylisting the token's `jti`;
    /// here every access and refresh token of the user answers 401 from now on).
    public func revokeSessions(of userId: String) { auth.revokeAll(userId: userId) }

    /// Read-only access for checkers, off the network.
    public var admin: RESTAdminView { RESTAdminView(server: self) }

    public func handle(_ request: HTTPRequest, context: ServiceContext) -> HTTPResponse {
        do throws(RESTFailure) {
            return try respond(request, context)
        } catch {
            return error.response
        }
    }

    private func respond(_ request: HTTPRequest, _ context: ServiceContext) throws(RESTFailure) -> HTTPResponse {
        let now = context.now.nanoseconds
        let route = try router.match(request.method, request.path).get()
        let json = try parseBody(request, route: route)
        switch route {
        case .signUp: return try signUp(json, now: now)
        case .signIn: return try signIn(json, now: now)
        case .refresh: return try refresh(json, now: now)
        case .putUpload(let key): return media.put(key: key, request: request, now: now)
        case .download(let key): return media.download(key: key)
        default: break
        }
        precondition(route.needsUser)
        let user: RESTUser
        switch auth.authenticate(request.bearerToken, now: now) {
        case .success(let found): user = found
        case .failure(let failure):
            context.record(name, "auth-rejected \(failure.code)")
            throw failure
        }
        if let retryAfter = limiter.admit(request.bearerToken ?? "", now: now) {
            context.record(name, "rate-limited retry-after=\(retryAfter)")
            throw RESTFailure(status: 429, code: "rate_limited", message: "too many requests", headers: ["Retry-After": String(retryAfter)])
        }
        let call = RESTCall(
            request: request, json: json, user: user,
            origin: RESTWriteOrigin(userId: user.id, device: context.caller, now: now, requestNumber: context.requestNumber))
        return try idempotent(call, context) { call throws(RESTFailure) in try dispatch(route, call) }
    }

    private func dispatch(_ route: RESTRoute, _ call: RESTCall) throws(RESTFailure) -> HTTPResponse {
        switch route {
        case .signOut:
            auth.signOut(accessToken: call.request.bearerToken ?? "")
            return HTTPResponse(status: 204)
        case .me: return HTTPResponse(status: 200, body: RESTEnvelope.data(RESTAuth.userJSON(call.user)))
        case .list(let c): return try list(c, call)
        case .create(let c): return try create(c, call)
        case .read(let c, let id): return try read(c, id: id, call)
        case .replace(let c, let id): return try write(c, id: id, mode: .replace, call)
        case .patch(let c, let id): return try write(c, id: id, mode: .patch, call)
        case .delete(let c, let id): return try delete(c, id: id, call)
        case .bulkDelete(let c): return try bulkDelete(c, call)
        case .startUpload:
            let key = nextServerId()
            let data = try media.start(try call.object(), key: key, owner: call.user.id, now: call.origin.now, requestNumber: call.origin.requestNumber)
            return HTTPResponse(status: 201, headers: ["Location": data["file_url"]?.stringValue ?? ""], body: RESTEnvelope.data(data))
        case .signUp, .signIn, .refresh, .putUpload, .download: preconditionFailure("public routes are answered before auth")
        }
    }

    /// Wraps a handler in the `Idempotency-Key` layer (see `RESTIdempotencyStore`).
    private func idempotent(_ call: RESTCall, _ context: ServiceContext, _ run: (RESTCall) throws(RESTFailure) -> HTTPResponse) throws(RESTFailure) -> HTTPResponse {
        guard config.idempotency.enabled, call.request.method != .get, let raw = call.request.headers["Idempotency-Key"] else {
            return try run(call)
        }
        let key = raw.count >= 2 && raw.hasPrefix("\"") && raw.hasSuffix("\"") ? String(raw.dropFirst().dropLast()) : raw
        guard !key.isEmpty, key.count <= config.idempotency.maxKeyLength else {
            throw RESTFailure.badRequest("invalid_idempotency_key", "Idempotency-Key must be 1 to \(config.idempotency.maxKeyLength) characters")
        }
        let fingerprint = RESTIdempotencyStore.fingerprint(of: call.request, json: call.json)
        switch idempotency.lookup(user: call.user.id, key: key, fingerprint: fingerprint, now: call.origin.now) {
        case .replay(let response):
            context.record(name, "idempotent-replay status=\(response.status)")
            return response
        case .mismatch:
            context.record(name, "idempotency-mismatch")
            throw RESTFailure(
                status: config.idempotency.mismatch.status, code: "idempotency_error",
                message: "Idempotency-Key was already used with a different request")
        case .fresh:
            var keyed = call
            keyed.origin.idempotencyKey = key
            let response: HTTPResponse
            do throws(RESTFailure) { response = try run(keyed) } catch { response = error.response }
            idempotency.save(user: call.user.id, key: key, fingerprint: fingerprint, response: response, now: call.origin.now, requestNumber: call.origin.requestNumber)
            return response
        }
    }

    /// 413 over the cap (files: `maxFileBytes`, everything else: `maxJSONBodyBytes`); bytes sent as
    /// JSON are parsed (400 when malformed, as body-parser's `entity.parse.failed`); other bytes
    /// outside the upload route → 415.
    private func parseBody(_ request: HTTPRequest, route: RESTRoute) throws(RESTFailure) -> JSONValue? {
        var isUpload = false
        if case .putUpload = route { isUpload = true }
        let cap = isUpload ? config.media.maxFileBytes : config.maxJSONBodyBytes
        if request.body.byteCount > cap { throw RESTFailure.tooLarge(cap) }
        switch request.body {
        case .none: return nil
        case .json(let value): return value
        case .bytes(let bytes, let type):
            if isUpload { return nil }
            guard HTTPBody.isJSONMediaType(type) else {
                throw RESTFailure(status: 415, code: "unsupported_media_type", message: "send application/json")
            }
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
                throw RESTFailure.badRequest("malformed_json", "the body is not valid JSON")
            }
            return value
        }
    }

    /// The next server-assigned id: a counter rendered as a version-4-shaped UUID, never `UUID()`.
    func nextServerId() -> String {
        nextId += 1
        return UUIDText.format(high: 0x0000_0000_0000_4000, low: 0x8000_0000_0000_0000 | nextId)
    }

    /// What the client sees when the network injects a failure instead of delivering the request.
    /// A 500 is the app's own JSON error; 502/503/504 come from the proxy in front of it (nginx, a
    /// load balancer), whose error pages are HTML, not JSON.
    public func injectedFailure(_ failure: InjectedServerFailure, for request: HTTPRequest) -> HTTPResponse {
        switch failure {
        case .serverError(let status) where status == 500:
            return RESTFailure(status: 500, code: "internal_error", message: "Internal Server Error").response
        case .serverError(let status):
            let html = "<html><head><title>\(status)</title></head><body><center><h1>\(status)</h1></center><hr><center>nginx</center></body></html>"
            return HTTPResponse(status: status, body: .bytes(Array(html.utf8), contentType: "text/html"))
        case .rateLimited(let seconds):
            return RESTFailure(status: 429, code: "rate_limited", message: "too many requests", headers: ["Retry-After": String(seconds)]).response
        }
    }

    public func summary(of request: HTTPRequest) -> String {
        let label = (try? router.match(request.method, request.path).get())?.label ?? "unrouted"
        let keyed = request.headers["Idempotency-Key"] == nil ? "" : " idem"
        return "\(request.method) \(label) bytes=\(request.body.byteCount)\(keyed)"
    }

    public func summary(of response: HTTPResponse) -> String {
        var line = "status=\(response.status)"
        if let seconds = response.retryAfterSeconds { line += " retry-after=\(seconds)" }
        if response.headers["Idempotent-Replayed"] != nil { line += " replayed" }
        return line
    }
}

/// One authenticated request on its way through the handlers.
struct RESTCall {
    var request: HTTPRequest
    var json: JSONValue?
    var user: RESTUser
    var origin: RESTWriteOrigin

    /// The body as a JSON object, or 400.
    func object() throws(RESTFailure) -> [String: JSONValue] {
        guard let fields = json?.objectValue else { throw RESTFailure.badRequest("invalid_body", "the body must be a JSON object") }
        return fields
    }
}
