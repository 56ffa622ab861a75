import Foundation
import SimValues

/// The content of an HTTP message: nothing, a JSON document, or raw bytes with their media type.
///
/// Depends only on `JSONValue`. A JSON body is held as a value; to send JSON text that may be
/// malformed, send `.bytes(text, contentType: "application/json")` and the receiver parses it.
public enum HTTPBody: Sendable, Equatable {
    case none
    case json(JSONValue)
    case bytes([UInt8], contentType: String)

    /// Length on the wire: the canonical (sorted-key, compact) JSON text for `.json`.
    public var byteCount: Int {
        switch self {
        case .none: return 0
        case .json(let value): return value.canonicalText.utf8.count
        case .bytes(let bytes, _): return bytes.count
        }
    }

    /// The `Content-Type` this body is sent with; nil for no body.
    public var contentType: String? {
        switch self {
        case .none: return nil
        case .json: return "application/json"
        case .bytes(_, let type): return type
        }
    }

    /// The JSON value, for a `.json` body.
    public var json: JSONValue? { if case .json(let value) = self { return value } else { return nil } }

    /// The bytes, for a `.bytes` body.
    public var bytes: [UInt8]? { if case .bytes(let bytes, _) = self { return bytes } else { return nil } }

    /// True when the media type is JSON (`application/json`, `application/problem+json`, with or
    /// without parameters such as `; charset=utf-8`).
    public static func isJSONMediaType(_ type: String) -> Bool {
        let essence = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return essence == "application/json" || (essence.hasPrefix("application/") && essence.hasSuffix("+json"))
    }
}
