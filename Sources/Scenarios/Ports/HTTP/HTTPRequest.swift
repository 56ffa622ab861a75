import Foundation
import SimValues

/// An HTTP request method (RFC 9110 §9), compared by its exact (case-sensitive) token.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")

    public var description: String { rawValue }
}

/// One `name=value` pair of a query string, already percent-decoded.
public struct HTTPQueryItem: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An HTTP request as app code builds it: method, path, query, headers and body.
///
/// A plain value depending only on Foundation and `JSONValue`, so it can sit below app code (an
/// `HTTPTransport` port sends it and returns an `HTTPResponse`).
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    /// The path without the query, e.g. `/api/heroes/42`.
    public var path: String
    public var query: [HTTPQueryItem]
    public var headers: HTTPHeaders
    public var body: HTTPBody

    public init(_ method: HTTPMethod, _ path: String, query: [HTTPQueryItem] = [], headers: HTTPHeaders = [:], body: HTTPBody = .none) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A request to a target such as a server-sent `next` or upload link: `/path?a=1&b=2`.
    public init(_ method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: HTTPBody = .none) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var items: [HTTPQueryItem] = []
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(halves[0]).removingPercentEncoding ?? String(halves[0])
                let value = halves.count == 2 ? (String(halves[1]).removingPercentEncoding ?? String(halves[1])) : ""
                items.append(HTTPQueryItem(name, value))
            }
        }
        self.init(method, String(parts[0]), query: items, headers: headers, body: body)
    }

    /// The first value of a query parameter.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The token of an `Authorization: Bearer <token>` header (scheme matched case-insensitively,
    /// RFC 9110 §11.1 "auth-scheme ... case-insensitive").
    public var bearerToken: String? {
        guard let value = headers["Authorization"] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// This request with `Authorization: Bearer <token>`.
    public func bearer(_ token: String?) -> HTTPRequest {
        var copy = self
        copy.headers["Authorization"] = token.map { "Bearer " + $0 }
        return copy
    }
}
