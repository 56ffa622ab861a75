import AppPorts
import SimValues

/// What a backend call can fail with (the seed's `APIError`, not shown: its obvious reading).
public enum APIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No response: `.timeout` may have been applied, `.offline` was not sent.
    case transport(HTTPTransportError)
    /// A non-2xx answer, with the error body's `code` and a `Retry-After` when given.
    case http(status: Int, code: String?, retryAfterSeconds: Int?)
    /// No session, or the server refused the token and a refresh too: the user must sign in.
    case unauthorized
    /// The signed-in account is not the one the operation belongs to (a sign-in as someone else
    /// happened meanwhile).
    case accountChanged
    /// A 2xx whose body is not what the endpoint returns.
    case malformedResponse(String)

    public var description: String {
        switch self {
        case .transport(let error): return "transport \(error)"
        case .http(let status, let code, _): return "HTTP \(status)\(code.map { " \($0)" } ?? "")"
        case .unauthorized: return "unauthorized"
        case .accountChanged: return "account changed"
        case .malformedResponse(let what): return "malformed response: \(what)"
        }
    }

    /// Whether the same request may succeed if sent again: no answer, 5xx, 429, 408.
    public var isTransient: Bool {
        switch self {
        case .transport(let error): return error != .cancelled
        case .http(let status, _, _): return status >= 500 || status == 429 || status == 408
        default: return false
        }
    }

    /// Whether the request may have been applied though no success came back.
    public var isIndeterminate: Bool { self == .transport(.timeout) }
}
