/// One stored attribute value, as a SwiftData/Core Data store holds it: a small typed value.
///
/// Money is never a `Double` here by convention: a decimal attribute stores its canonical text
/// in `.string`, a minor-units attribute an integer in `.int` (see `AttributeType`). Dates are
/// Unix milliseconds, so a value never depends on a host clock or floating point.
public enum StoreValue: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral
{
    case null
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    /// Unix milliseconds.
    case date(Int64)
    /// Canonical upper-case UUID text.
    case uuid(String)
    case data([UInt8])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// True for `.null`.
    public var isNull: Bool { self == .null }
    /// The text of a `.string`.
    public var stringValue: String? { if case .string(let v) = self { return v } else { return nil } }
    /// The integer of an `.int`.
    public var intValue: Int64? { if case .int(let v) = self { return v } else { return nil } }
    /// The number of a `.double`.
    public var doubleValue: Double? { if case .double(let v) = self { return v } else { return nil } }
    /// The flag of a `.bool`.
    public var boolValue: Bool? { if case .bool(let v) = self { return v } else { return nil } }
    /// The Unix milliseconds of a `.date`.
    public var dateValue: Int64? { if case .date(let v) = self { return v } else { return nil } }
    /// The UUID text of a `.uuid`.
    public var uuidValue: String? { if case .uuid(let v) = self { return v } else { return nil } }
    /// The bytes of a `.data`.
    public var dataValue: [UInt8]? { if case .data(let v) = self { return v } else { return nil } }

    public var description: String {
        switch self {
        case .null: return "null"
        case .string(let v): return "\"\(v)\""
        case .int(let v): return "\(v)"
        case .double(let v): return "\(v)"
        case .bool(let v): return "\(v)"
        case .date(let v): return "date(\(v))"
        case .uuid(let v): return "uuid(\(v))"
        case .data(let v): return "data(\(v.count) bytes)"
        }
    }

    /// Position of the case in the total order used by sorts (null first, as SQLite does).
    private var rank: Int {
        switch self {
        case .null: return 0
        case .bool: return 1
        case .int: return 2
        case .double: return 3
        case .date: return 4
        case .string: return 5
        case .uuid: return 6
        case .data: return 7
        }
    }

    /// A total order: values of one case by their natural order, different cases by `rank`.
    public static func precedes(_ a: StoreValue, _ b: StoreValue) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): return !x && y
        case (.int(let x), .int(let y)), (.date(let x), .date(let y)): return x < y
        case (.double(let x), .double(let y)): return x < y
        case (.string(let x), .string(let y)), (.uuid(let x), .uuid(let y)): return Array(x.utf8).lexicographicallyPrecedes(y.utf8)
        case (.data(let x), .data(let y)): return x.lexicographicallyPrecedes(y)
        default: return a.rank < b.rank
        }
    }

    // A one-key object per value (`{"int":5}`, `{"null":true}`): compact, readable, and the
    // encoder's sorted keys keep it byte-stable.
    private enum Key: String, CodingKey { case null, string, int, double, bool, date, uuid, data }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        guard let key = c.allKeys.first, c.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "one key per value"))
        }
        switch key {
        case .null: self = .null
        case .string: self = .string(try c.decode(String.self, forKey: key))
        case .int: self = .int(try c.decode(Int64.self, forKey: key))
        case .double: self = .double(try c.decode(Double.self, forKey: key))
        case .bool: self = .bool(try c.decode(Bool.self, forKey: key))
        case .date: self = .date(try c.decode(Int64.self, forKey: key))
        case .uuid: self = .uuid(try c.decode(String.self, forKey: key))
        case .data: self = .data(try c.decode([UInt8].self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .null: try c.encode(true, forKey: .null)
        case .string(let v): try c.encode(v, forKey: .string)
        case .int(let v): try c.encode(v, forKey: .int)
        case .double(let v): try c.encode(v, forKey: .double)
        case .bool(let v): try c.encode(v, forKey: .bool)
        case .date(let v): try c.encode(v, forKey: .date)
        case .uuid(let v): try c.encode(v, forKey: .uuid)
        case .data(let v): try c.encode(v, forKey: .data)
        }
    }
}
