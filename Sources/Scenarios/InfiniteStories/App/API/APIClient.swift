import AppPorts
import SimValues

/// The app's REST client (the seed's `apiClient`, not shown; its obvious reading): JSON requests
/// with the current session's bearer token, one refresh and retry when the server refuses the
/// token, `{"data": …}` bodies unwrapped, and media as presigned uploads.
///
/// `account` pins a request to the account an operation belongs to: when the session is another
/// account's (or none), the request is not sent (`APIError.accountChanged`). The seed's client
/// sends whatever session is current (`account-not-pinned` passes nil).
public final class APIClient: @unchecked Sendable {
    let transport: any HTTPTransport
    let auth: AuthManager

    /// A client sending through `transport` with `auth`'s session.
    public init(transport: any HTTPTransport, auth: AuthManager) {
        self.transport = transport
        self.auth = auth
    }

    /// Sends a JSON request; returns the whole JSON body of a 2xx (nil for 204).
    @discardableResult
    public func request(_ method: HTTPMethod, _ target: String, body: JSONValue? = nil, idempotencyKey: String? = nil,
                        account: String? = nil) async throws -> JSONValue? {
        var headers = HTTPHeaders()
        if let idempotencyKey { headers["Idempotency-Key"] = idempotencyKey }
        let request = HTTPRequest(method, target: target, headers: headers, body: body.map(HTTPBody.json) ?? .none)
        let response = try await authorized(request, account: account)
        guard response.isSuccess else { throw Self.error(response) }
        return response.json
    }

    /// `request` for an endpoint answering `{"data": {…}}`: the object.
    public func object(_ method: HTTPMethod, _ target: String, body: JSONValue? = nil, idempotencyKey: String? = nil,
                       account: String? = nil) async throws -> JSONValue {
        guard let data = try await request(method, target, body: body, idempotencyKey: idempotencyKey, account: account)?["data"],
              data.objectValue != nil else { throw APIError.malformedResponse("\(method) \(target)") }
        return data
    }

    /// Uploads a file the presigned way (`POST /api/uploads`, then `PUT` to the signed URL) and
    /// returns its `file_url`. The key makes the presign idempotent (a retry gets the same file).
    public func upload(_ bytes: [UInt8], fileName: String, contentType: String, idempotencyKey: String? = nil,
                       account: String? = nil) async throws -> String {
        let body: JSONValue = ["filename": .string(fileName), "content_type": .string(contentType), "byte_size": .int(Int64(bytes.count))]
        let grant = try await object(.post, "/api/uploads", body: body, idempotencyKey: idempotencyKey, account: account)
        guard let target = grant["upload_url"]?.stringValue, let fileURL = grant["file_url"]?.stringValue else {
            throw APIError.malformedResponse("upload grant")
        }
        let put = try await send(HTTPRequest(.put, target: target, body: .bytes(bytes, contentType: contentType)))
        guard put.isSuccess else { throw Self.error(put) }
        return fileURL
    }

    /// Downloads a file by its `file_url` (public, no token).
    public func download(_ fileURL: String) async throws -> [UInt8] {
        let response = try await send(HTTPRequest(.get, target: fileURL))
        guard response.isSuccess, let bytes = response.body.bytes else { throw Self.error(response) }
        return bytes
    }

    /// Every row of a collection, following the server's `next` links (at most `maxPages`).
    public func fetchAllPages(_ path: String, pageSize: Int = 1000, maxPages: Int = 200, account: String? = nil) async throws -> [JSONValue] {
        var rows: [JSONValue] = []
        var next: String? = path + "?limit=\(pageSize)&offset=0"
        var pages = 0
        while let target = next, pages < maxPages {
            let page = try await request(.get, target, account: account)
            rows += page?["data"]?.arrayValue ?? []
            next = page?["pagination"]?["next"]?.stringValue
            pages += 1
        }
        return rows
    }

    // MARK: Sending

    private func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            return try await transport.send(request)
        } catch let error as HTTPTransportError {
            throw APIError.transport(error)
        }
    }

    /// Sends with the session's token; on a 401, refreshes once and retries under the same account.
    private func authorized(_ request: HTTPRequest, account: String?) async throws -> HTTPResponse {
        guard let sent = auth.session else { throw APIError.unauthorized }
        if let account, sent.userId != account { throw APIError.accountChanged }
        var response = try await send(request.bearer(sent.accessToken))
        if response.status == 401 {
            guard await auth.refresh(after: sent), let current = auth.session else { throw APIError.unauthorized }
            if let account, current.userId != account { throw APIError.accountChanged }
            response = try await send(request.bearer(current.accessToken))
            if response.status == 401 { throw APIError.unauthorized }
        }
        return response
    }

    static func error(_ response: HTTPResponse) -> APIError {
        .http(status: response.status, code: response.json?["error"]?["code"]?.stringValue, retryAfterSeconds: response.retryAfterSeconds)
    }
}
