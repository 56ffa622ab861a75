import AppPorts
import SimCore

/// One reason a field was refused, as listed in a 422 body.
public struct RESTFieldError: Sendable, Hashable, Comparable {
    public var field: String
    /// `required`, `invalid_type`, `too_long`, `unknown`, `read_only`, `not_found`, `not_allowed`.
    public var reason: String

    public init(_ field: String, _ reason: String) {
        self.field = field
        self.reason = reason
    }

    public static func < (lhs: RESTFieldError, rhs: RESTFieldError) -> Bool {
        (lhs.field, lhs.reason) < (rhs.field, rhs.reason)
    }
}

/// A refused request: the status and the error body every endpoint answers with.
///
/// Body: `{"error": {"code": …, "message": …, "fields": [{"field", "reason"}, …]}}`, fields sorted by
/// (field, reason). The field list is the Rails scaffold's `render json: @hero.errors, status:
/// :unprocessable_entity` turned into a deterministic array (Rails renders `{"name": ["can't be
/// blank"]}`; an array keeps the order stable in every process).
struct RESTFailure: Error, Sendable {
    var status: Int
    var code: String
    var message: String
    var fields: [RESTFieldError] = []
    var headers: HTTPHeaders = [:]

    var response: HTTPResponse {
        var error: [String: JSONValue] = ["code": .string(code), "message": .string(message)]
        if !fields.isEmpty {
            error["fields"] = .array(fields.sorted().map { ["field": .string($0.field), "reason": .string($0.reason)] })
        }
        return HTTPResponse(status: status, headers: headers, body: .json(["error": .object(error)]))
    }

    static func badRequest(_ code: String, _ message: String) -> RESTFailure {
        RESTFailure(status: 400, code: code, message: message)
    }

    /// RFC 6750 §3: a 401 carries `WWW-Authenticate: Bearer`, with `error="invalid_token"` when a
    /// token was sent (and none when the request had no credentials, §3.1).
    static func unauthorized(_ code: String, _ message: String, tokenSent: Bool) -> RESTFailure {
        let challenge = tokenSent ? "Bearer realm=\"api\", error=\"invalid_token\"" : "Bearer realm=\"api\""
        return RESTFailure(status: 401, code: code, message: message, headers: ["WWW-Authenticate": challenge])
    }

    /// 404 both for an id that does not exist and for another user's row: RFC 9110 §15.5.5 (404
    /// "... or is not willing to disclose that one exists") and §15.5.4 ("An origin server that
    /// wishes to 'hide' the current existence of a forbidden target resource MAY instead respond
    /// with a status code of 404").
    static func notFound(_ what: String) -> RESTFailure {
        RESTFailure(status: 404, code: "not_found", message: "\(what) not found")
    }

    /// RFC 9110 §15.5.21 422 Unprocessable Content: well-formed content that cannot be processed.
    static func unprocessable(_ fields: [RESTFieldError]) -> RESTFailure {
        RESTFailure(status: 422, code: "validation_failed", message: "validation failed", fields: fields)
    }

    /// RFC 9110 §15.5.14 413 Content Too Large.
    static func tooLarge(_ limit: Int) -> RESTFailure {
        RESTFailure(status: 413, code: "payload_too_large", message: "content exceeds \(limit) bytes")
    }
}

/// Success bodies wrap their payload in `{"data": …}`: the seed's client decodes every answer as
/// `APIResponse<T>` and reads `response.data` (l.698-700, l.751-753, l.847: `APIResponse<[HeroResponse]>`).
enum RESTEnvelope {
    static func data(_ value: JSONValue) -> HTTPBody { .json(["data": value]) }
}
