import Foundation
import SimValues
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPTransport` in production: `URLSession` against a base URL (`https://api.example.com`).
///
/// Request paths are appended to the base URL and the query is percent-encoded by
/// `URLComponents`; a `.json` body is sent as canonical (sorted-key, compact) JSON. A response
/// whose `Content-Type` is JSON and parses becomes `.json`, any other non-empty body `.bytes`.
/// Transport failures map to `HTTPTransportError` by what they say about the request's fate
/// (URLError codes, Foundation's `URLError.Code` documentation): a timeout or a dropped
/// connection is `.timeout` (maybe applied); no connection at all is `.offline` (not sent); any
/// other error is treated as `.timeout`, the safe assumption for a request that may have left.
public struct LiveHTTPTransport: HTTPTransport {
    public let baseURL: URL
    /// `URLRequest.timeoutInterval`: URLSession's default is 60 s.
    public let timeoutSeconds: Double
    let session: URLSession

    public init(baseURL: URL, timeoutSeconds: Double = 60, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.timeoutSeconds = timeoutSeconds
        self.session = session
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let urlRequest = try makeURLRequest(request)
        let (data, response): (Data, URLResponse) = try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: urlRequest) { data, response, error in
                if let error {
                    continuation.resume(throwing: Self.transportError(error))
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: HTTPTransportError.timeout)
                }
            }
            task.resume()
        }
        guard let http = response as? HTTPURLResponse else { throw HTTPTransportError.timeout }
        return Self.response(http, data)
    }

    /// The `URLRequest` for `request`: URL, method, header fields in order, body.
    func makeURLRequest(_ request: HTTPRequest) throws -> URLRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { throw URLError(.badURL) }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + request.path
        components.queryItems = request.query.isEmpty ? nil : request.query.map { URLQueryItem(name: $0.name, value: $0.value) }
        guard let url = components.url else { throw URLError(.badURL) }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeoutSeconds)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers.fields { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        switch request.body {
        case .none: break
        case .json(let value): urlRequest.httpBody = Data(value.canonicalText.utf8)
        case .bytes(let bytes, _): urlRequest.httpBody = Data(bytes)
        }
        if let type = request.body.contentType, request.headers["Content-Type"] == nil {
            urlRequest.setValue(type, forHTTPHeaderField: "Content-Type")
        }
        return urlRequest
    }

    /// Header fields sorted by name (`allHeaderFields` is a dictionary), JSON bodies parsed.
    static func response(_ http: HTTPURLResponse, _ data: Data) -> HTTPResponse {
        var headers = HTTPHeaders()
        let fields = http.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, "\(value)")
        }
        for (name, value) in fields.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) { headers.add(name, value) }
        return HTTPResponse(status: http.statusCode, headers: headers, body: body(data, contentType: headers["Content-Type"]))
    }

    static func body(_ data: Data, contentType: String?) -> HTTPBody {
        guard !data.isEmpty else { return .none }
        let type = contentType ?? "application/octet-stream"
        if HTTPBody.isJSONMediaType(type), let value = try? JSONDecoder().decode(JSONValue.self, from: data) {
            return .json(value)
        }
        return .bytes(Array(data), contentType: type)
    }

    static func transportError(_ error: any Error) -> HTTPTransportError {
        guard let urlError = error as? URLError else { return .timeout }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed: return .offline
        default: return .timeout
        }
    }
}
