/// What a client sees when the network, not the server, fails it (`URLError` in a real app).
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No response within the request's timeout: the request may or may not have been applied.
    case timeout
    /// The device is offline (`URLError.notConnectedToInternet`); nothing was sent.
    case offline
    /// The calling task was cancelled or its process died.
    case cancelled

    public var description: String {
        switch self {
        case .timeout: return "timeout"
        case .offline: return "offline"
        case .cancelled: return "cancelled"
        }
    }
}

/// A registered service, as simulated code refers to it (a `Sendable` handle, not the object).
public struct ServiceHandle<S: SimService>: Sendable, Hashable {
    let index: Int
    /// The service's name.
    public let name: String
}
