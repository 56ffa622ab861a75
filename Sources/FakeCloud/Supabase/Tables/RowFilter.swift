import Foundation
import SimCore

/// A PostgREST horizontal filter (`?col=eq.value`, `in.(…)`, `is.null`, `gt.` …).
///
/// The literal is cast to the column's type before comparing, as PostgreSQL does with the
/// `unknown` literal PostgREST sends; a literal that does not parse raises the type's input error.
public enum RowFilter: Sendable, Hashable {
    case eq(String, JSONValue)
    case neq(String, JSONValue)
    case gt(String, JSONValue)
    case gte(String, JSONValue)
    case lt(String, JSONValue)
    case lte(String, JSONValue)
    case `in`(String, [JSONValue])
    case isNull(String)
    case isNotNull(String)

    /// The filtered column.
    public var column: String {
        switch self {
        case .eq(let c, _), .neq(let c, _), .gt(let c, _), .gte(let c, _), .lt(let c, _), .lte(let c, _),
            .in(let c, _), .isNull(let c), .isNotNull(let c):
            return c
        }
    }

    /// Whether `row` satisfies the filter. SQL three-valued logic: a comparison with NULL is not true.
    func matches(_ row: Row, type: ColumnType) throws(PostgrestError) -> Bool {
        let stored = row[column] ?? .null
        switch self {
        case .isNull: return stored.isNull
        case .isNotNull: return !stored.isNull
        case .in(_, let values):
            if stored.isNull { return false }
            for value in values where try RowFilter.compare(stored, value, type) == 0 { return true }
            return false
        case .eq(_, let v), .neq(_, let v), .gt(_, let v), .gte(_, let v), .lt(_, let v), .lte(_, let v):
            if stored.isNull || v.isNull { return false }
            return try holds(RowFilter.compare(stored, v, type))
        }
    }

    /// `matches` for a comparison (`eq`, `neq`, `gt`, `gte`, `lt`, `lte`) whose literal is already
    /// `type.coerce`d, as `compare` coerces it for a column that is neither numeric nor jsonb.
    func matches(_ row: Row, type: ColumnType, coercedLiteral literal: JSONValue) throws(PostgrestError) -> Bool {
        let stored = row[column] ?? .null
        if stored.isNull || literal.isNull { return false }
        return holds(type.compare(stored, literal))
    }

    /// A filter literal converted as PostgreSQL converts the `unknown` constant: to the column's
    /// type without its typmod (a numeric literal keeps all its digits, see `NumericLiteral`).
    static func convert(_ literal: JSONValue, _ type: ColumnType) throws(PostgrestError) -> JSONValue {
        if case .jsonb = type, case .string(let text) = literal {
            // A jsonb filter's literal is JSON text, parsed by jsonb's input function (22P02 when
            // it is not JSON: `request=eq.text`). Found by the PostgreSQL differential.
            guard let parsed = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
                throw PostgrestError(code: "22P02", message: "invalid input syntax for type json")
            }
            return parsed
        }
        if case .numeric = type, !literal.isNull {
            _ = try NumericLiteral(ColumnType.inputText(literal))
            return literal
        }
        return try type.coerce(literal)
    }

    /// Orders a stored value against a filter literal.
    static func compare(_ stored: JSONValue, _ literal: JSONValue, _ type: ColumnType) throws(PostgrestError) -> Int {
        if case .numeric = type, let text = stored.stringValue {
            return try NumericLiteral(text).compare(NumericLiteral(ColumnType.inputText(literal)))
        }
        if case .jsonb = type { return try type.compare(stored, convert(literal, type)) }
        return try type.compare(stored, type.coerce(literal))
    }

    private func holds(_ order: Int) -> Bool {
        switch self {
        case .eq: return order == 0
        case .neq: return order != 0
        case .gt: return order > 0
        case .gte: return order >= 0
        case .lt: return order < 0
        case .lte: return order <= 0
        default: return false
        }
    }
}

/// `?order=col.asc|desc` (PostgreSQL's default puts NULLs last ascending, first descending).
public struct OrderTerm: Sendable, Hashable {
    public var column: String
    public var ascending: Bool

    public init(_ column: String, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}
