import SimValues

/// An HTTP response: status, headers and body (JSON or bytes).
///
/// A plain value depending only on `JSONValue` (see `HTTPRequest`).
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: HTTPBody

    public init(status: Int, headers: HTTPHeaders = [:], body: HTTPBody = .none) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The JSON body, if the body is JSON.
    public var json: JSONValue? { body.json }

    /// `Retry-After` in whole seconds (the delay-seconds form, RFC 9110 §10.2.3).
    public var retryAfterSeconds: Int? { headers["Retry-After"].flatMap { Int($0) } }
}
