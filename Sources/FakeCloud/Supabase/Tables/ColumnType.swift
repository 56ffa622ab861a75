import SimCore

/// A PostgreSQL column type, with the input conversion PostgREST's JSON body goes through.
///
/// Stored values are canonical JSON: uuid as lowercase text, numeric as its exact text (`"12.30"`,
/// see `NumericValue`), date as `YYYY-MM-DD`, timestamptz as UTC text, so equal SQL values are
/// equal `JSONValue`s and ordering on dates/timestamps is ordering on the text.
public enum ColumnType: Sendable, Hashable {
    case uuid, text, int, bigint, bool, date, timestamptz, jsonb
    /// `numeric(precision, scale)`; precision at most 18 so the value fits `Int64` units.
    case numeric(Int, Int)

    /// The type's SQL name, for messages.
    public var sqlName: String {
        switch self {
        case .uuid: return "uuid"
        case .text: return "text"
        case .int: return "integer"
        case .bigint: return "bigint"
        case .bool: return "boolean"
        case .date: return "date"
        case .timestamptz: return "timestamp with time zone"
        case .jsonb: return "jsonb"
        case .numeric(let p, let s): return "numeric(\(p),\(s))"
        }
    }

    /// Converts a JSON input value to the stored form, raising what PostgreSQL raises.
    public func coerce(_ value: JSONValue) throws(PostgrestError) -> JSONValue {
        if value.isNull { return .null }
        switch self {
        case .jsonb: return value
        case .text: return .string(value.stringValue ?? value.canonicalText)
        case .uuid: return try ColumnType.uuid(value)
        case .int, .bigint: return try integer(value)
        case .bool: return try ColumnType.boolean(value)
        case .numeric(let p, let s):
            return .string(try NumericValue.parse(ColumnType.inputText(value), precision: p, scale: s).text)
        case .date:
            let text = ColumnType.inputText(value)
            guard let fields = try CivilTime.parse(text) else { throw ColumnType.badDateTime("date", text) }
            return .string(CivilTime.dateText(days: fields.days))
        case .timestamptz:
            let text = ColumnType.inputText(value)
            guard let fields = try CivilTime.parse(text) else {
                throw ColumnType.badDateTime("timestamp with time zone", text)
            }
            let micros = fields.days * 86_400_000_000 + fields.micros - (fields.offsetSeconds ?? 0) * 1_000_000
            return .string(CivilTime.timestampText(micros: micros))
        }
    }

    /// The JSON scalar as the text PostgreSQL's input function receives.
    static func inputText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .double(let number): return "\(number)"
        default: return value.canonicalText
        }
    }

    /// 22007 invalid_datetime_format: what `DateTimeParseError` raises for unparsable date/time text.
    static func badDateTime(_ type: String, _ text: String) -> PostgrestError {
        PostgrestError(code: "22007", message: "invalid input syntax for type \(type): \"\(text)\"")
    }

    private static func uuid(_ value: JSONValue) throws(PostgrestError) -> JSONValue {
        if case .string(let text) = value, isCanonicalUUID(text) { return value }
        let text = inputText(value)
        let hex = Array(text.lowercased().utf8)
        let dashes = [8, 13, 18, 23]
        guard hex.count == 36 else { throw PostgrestError.invalidText(type: "uuid", value: text) }
        for (index, char) in hex.enumerated() {
            let ok = dashes.contains(index) ? char == 45 : (char >= 48 && char <= 57) || (char >= 97 && char <= 102)
            if !ok { throw PostgrestError.invalidText(type: "uuid", value: text) }
        }
        return .string(text.lowercased())
    }

    /// Whether `text` is already a uuid's stored form (36 characters, lowercase hex, dashes at
    /// 8, 13, 18, 23), which `uuid` would return unchanged.
    private static func isCanonicalUUID(_ text: String) -> Bool {
        guard text.utf8.count == 36 else { return false }
        var text = text
        // Reads the UTF-8 bytes in place (a native string already is contiguous UTF-8): the four
        // dashes, then every other byte with wrapping byte arithmetic (no bounds checks).
        return text.withUTF8 { bytes in
            guard bytes[8] == 45, bytes[13] == 45, bytes[18] == 45, bytes[23] == 45, let base = bytes.baseAddress
            else { return false }
            // The five hex groups between the dashes, each byte 0-9 or a-f.
            func hex(_ from: Int, _ to: Int) -> Bool {
                var index = from
                while index < to {
                    let char = base[index]
                    if char &- 48 >= 10 && char &- 97 >= 6 { return false }
                    index &+= 1
                }
                return true
            }
            return hex(0, 8) && hex(9, 13) && hex(14, 18) && hex(19, 23) && hex(24, 36)
        }
    }

    private func integer(_ value: JSONValue) throws(PostgrestError) -> JSONValue {
        // An integer JSON value reads back as itself when it fits the type (else the general path raises).
        if case .int(let number) = value, self == .bigint || Int64(Int32.min)...Int64(Int32.max) ~= number { return value }
        let text = ColumnType.inputText(value)
        guard let number = Int64(text.trimmingSpaces) else {
            throw PostgrestError.invalidText(type: sqlName, value: text)
        }
        if self == .int && (number < Int64(Int32.min) || number > Int64(Int32.max)) {
            throw PostgrestError(code: "22003", message: "value \"\(text)\" is out of range for type integer")
        }
        return .int(number)
    }

    private static func boolean(_ value: JSONValue) throws(PostgrestError) -> JSONValue {
        if case .bool = value { return value }
        switch inputText(value).lowercased() {
        case "t", "true", "yes", "on", "1": return .bool(true)
        case "f", "false", "no", "off", "0": return .bool(false)
        default: throw PostgrestError.invalidText(type: "boolean", value: inputText(value))
        }
    }

    /// Orders two stored values of this type (nulls are handled by the caller).
    func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.bool(let a), .bool(let b)): return a == b ? 0 : (a ? 1 : -1)
        case (.string(let a), .string(let b)):
            if case .numeric(let p, let s) = self,
                let x = try? NumericValue.parse(a, precision: p, scale: s),
                let y = try? NumericValue.parse(b, precision: p, scale: s)
            {
                return x < y ? -1 : (x == y ? 0 : 1)
            }
            return a < b ? -1 : (a == b ? 0 : 1)
        default:
            let a = lhs.canonicalText, b = rhs.canonicalText
            return a < b ? -1 : (a == b ? 0 : 1)
        }
    }

    /// A stored value as the API returns it: numeric becomes a JSON number, as PostgREST sends it.
    func output(_ stored: JSONValue) -> JSONValue {
        if case .numeric = self, case .string(let text) = stored { return .double(Double(text) ?? 0) }
        return stored
    }
}
