/// Sends one HTTP request and returns the server's response (`URLSession.data(for:)` in an app).
///
/// Every status, 5xx and 429 included, comes back as an `HTTPResponse`: deciding what an error
/// status means is the app's business. Only a failure to get any answer is thrown, as an
/// `HTTPTransportError`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// Why no response came back. The cases differ in what the app may assume about the server.
public enum HTTPTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer within the timeout, or the connection broke after the request was written: the
    /// server may or may not have applied the request (`URLError.timedOut`,
    /// `.networkConnectionLost`). Retrying a non-idempotent request may apply it twice.
    case timeout
    /// Nothing was sent: the device is offline or the host is unreachable
    /// (`URLError.notConnectedToInternet`, `.cannotConnectToHost`, `.cannotFindHost`).
    case offline
    /// The calling task was cancelled (or its process is gone) before an answer came.
    case cancelled

    public var description: String {
        switch self {
        case .timeout: return "timeout"
        case .offline: return "offline"
        case .cancelled: return "cancelled"
        }
    }
}
