/// A server the simulated devices reach through `Network.call` (a fake cloud: Supabase, a REST
/// backend, a folder-sync provider).
///
/// The handler is synchronous and runs on the simulator's thread at the request's virtual arrival
/// time, so a service is a plain state machine: no locks, no tasks, fully deterministic.
public protocol SimService: AnyObject {
    associatedtype Request: Sendable
    associatedtype Response: Sendable

    /// The service's name in traces (`supabase`, `dropbox`).
    var name: String { get }

    /// Applies one request and returns its response. Runs at the virtual arrival time.
    func handle(_ request: Request, context: ServiceContext) -> Response

    /// The response a client sees when the network injects a server-side failure instead of
    /// delivering the request (the request is *not* applied).
    func injectedFailure(_ failure: InjectedServerFailure, for request: Request) -> Response

    /// One integer-only line describing a request, for the trace.
    func summary(of request: Request) -> String

    /// One integer-only line describing a response, for the trace.
    func summary(of response: Response) -> String

    /// Writes `summary(of: request)` into a trace event. The default builds the string; a service
    /// on a hot path writes the pieces instead, so no string is built when full traces are off.
    func writeSummary(of request: Request, into text: inout TraceText)

    /// Writes `summary(of: response)` into a trace event (see `writeSummary(of:into:)` for requests).
    func writeSummary(of response: Response, into text: inout TraceText)
}

extension SimService {
    public func writeSummary(of request: Request, into text: inout TraceText) {
        text.append(summary(of: request))
    }

    public func writeSummary(of response: Response, into text: inout TraceText) {
        text.append(summary(of: response))
    }
}

/// What a service's handler knows about the request it is handling.
public struct ServiceContext {
    /// The virtual time at which the request arrived.
    public let now: SimInstant
    /// The name of the device that sent it.
    public let caller: String
    /// The network's sequence number for this delivery (duplicates share the request's number).
    public let requestNumber: UInt64
    /// The run's trace, for events the service wants to record beyond request and response.
    public let trace: Trace

    public init(now: SimInstant, caller: String, requestNumber: UInt64, trace: Trace) {
        self.now = now
        self.caller = caller
        self.requestNumber = requestNumber
        self.trace = trace
    }

    /// Records a service-side event at the arrival time.
    public func record(_ component: String, _ event: String) {
        trace.record(time: now.nanoseconds, component: component, event: event)
    }

    /// Records a service-side event written piece by piece (see `Trace.record(time:component:_:)`).
    public func record(_ component: String, _ write: (inout TraceText) -> Void) {
        trace.record(time: now.nanoseconds, component: component, write)
    }
}

/// A failure the network injects in place of the service's answer (the request is not applied).
public enum InjectedServerFailure: Sendable, Hashable {
    /// A 5xx from a proxy or an overloaded server: 500, 502, 503 or 504.
    case serverError(status: Int)
    /// 429 Too Many Requests with a `Retry-After` in whole seconds.
    case rateLimited(retryAfterSeconds: Int)
}
