import AppPorts
import SimCore

/// `HTTPTransport` on a simulated device: each request travels through the simulated network to
/// an HTTP service (the REST fake), which answers every status itself; injected 5xx and 429 come
/// back as responses too. What the network does instead of answering is thrown the way URLSession
/// reports it (see `LiveHTTPTransport`): a lost request or response, or one slower than the
/// timeout, is `.timeout` (the server may have applied it); a device offline is `.offline`
/// (nothing sent); a cancelled task or a killed process is `.cancelled`.
///
/// The timeout defaults to URLSession's 60 s (`URLRequest.timeoutInterval`), as Swiss Coin's
/// simulated Supabase client uses.
public struct DeviceHTTPTransport<Service: SimService>: HTTPTransport
where Service.Request == HTTPRequest, Service.Response == HTTPResponse {
    let context: DeviceContext
    let service: ServiceHandle<Service>
    let timeout: Duration

    /// A transport for one app incarnation to `service`, each request timing out after `timeout`.
    public init(_ context: DeviceContext, service: ServiceHandle<Service>, timeout: Duration = .seconds(60)) {
        self.context = context
        self.service = service
        self.timeout = timeout
    }

    /// Sends through the simulated network; statuses come back, network failures are thrown.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            return try await context.call(service, request, timeout: timeout)
        } catch let error as NetworkError {
            switch error {
            case .timeout: throw HTTPTransportError.timeout
            case .offline: throw HTTPTransportError.offline
            case .cancelled: throw HTTPTransportError.cancelled
            }
        } catch {
            // DeviceKilledError or an escape check: the process is gone, nothing more to say.
            throw HTTPTransportError.cancelled
        }
    }
}
