
/// A failed cloud call: an HTTP error with PostgREST's `code`/`message` (e.g. 409 + `23505`,
/// 403 + `42501` under row-level security), or a transport failure where the client cannot know
/// whether the server applied the request.
public enum CloudError: Error, Sendable, Equatable {
    /// The server answered with an error status.
    case http(status: Int, code: String?, message: String)
    /// No (usable) answer arrived.
    case transport(TransportFailure)

    /// Why no answer arrived.
    public enum TransportFailure: String, Sendable, Equatable {
        case timeout, offline, cancelled
    }
}

extension CloudError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .http(let status, let code, let message):
            return "HTTP \(status) \(code ?? "-"): \(message)"
        case .transport(let failure):
            return "transport: \(failure.rawValue)"
        }
    }
}
