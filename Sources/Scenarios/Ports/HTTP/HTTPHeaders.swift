/// One header field as sent: its name keeps the sender's spelling.
public struct HTTPField: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The header section of an HTTP message: fields in the order they were added.
///
/// Field names are case-insensitive (RFC 9110 §5.1 "Field Names": "Field names are
/// case-insensitive"), so `headers["content-type"]` finds a field sent as `Content-Type`, setting a
/// name replaces every field of that name whatever its case, and two header sections are equal
/// when they hold the same fields in the same order up to the case of their names.
/// Depends on nothing but the standard library, so app code can use it.
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [HTTPField] = []

    public init() {}

    /// Fields in the literal's order (a dictionary literal keeps its written order).
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// The first value of `name` (any case); setting replaces all fields of that name, nil removes them.
    public subscript(name: String) -> String? {
        get {
            let key = name.lowercased()
            return fields.first { $0.name.lowercased() == key }?.value
        }
        set {
            let key = name.lowercased()
            fields.removeAll { $0.name.lowercased() == key }
            if let newValue { fields.append(HTTPField(name, newValue)) }
        }
    }

    /// Every value of `name` (any case), in order.
    public func values(_ name: String) -> [String] {
        let key = name.lowercased()
        return fields.filter { $0.name.lowercased() == key }.map(\.value)
    }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(HTTPField(name, value))
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name.lowercased() == $1.name.lowercased() && $0.value == $1.value }
    }
}
