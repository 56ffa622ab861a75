import SimCore

/// An error as PostgREST (and the other Supabase services) put it on the wire: `code`, `message`,
/// `details`, `hint`, plus the HTTP status it travels with.
///
/// Mirrors PostgREST's error shape and status mapping: "PostgREST error messages follow the
/// PostgreSQL error structure. It includes MESSAGE, DETAIL, HINT, ERRCODE" with the table
/// 23503/23505 → 409, 42501 → 403 (401 when anonymous), everything else from the database → 400
/// (https://docs.postgrest.org/en/latest/references/errors.html, mirrored at
/// https://supabase.com/docs/guides/api/rest/postgrest-error-codes).
public struct PostgrestError: Error, Sendable, Hashable {
    /// SQLSTATE (`23505`), a PostgREST code (`PGRST303`), a GoTrue `error_code` or a storage code.
    public var code: String
    public var message: String
    public var details: String?
    public var hint: String?

    public init(code: String, message: String, details: String? = nil, hint: String? = nil) {
        self.code = code
        self.message = message
        self.details = details
        self.hint = hint
    }

    /// The PostgREST-shaped JSON body.
    public var body: JSONValue {
        [
            "code": .string(code), "message": .string(message),
            "details": details.map(JSONValue.string) ?? .null, "hint": hint.map(JSONValue.string) ?? .null,
        ]
    }

    /// The HTTP status PostgREST gives a database error (errors.html, "HTTP Status Codes").
    public func httpStatus(anonymous: Bool) -> Int {
        switch code {
        case "23503", "23505": return 409
        // "42501 | 403 if authenticated, 401 if not | insufficient privileges"
        case "42501": return anonymous ? 401 : 403
        case "42P01", "42883": return 404
        case "PGRST301", "PGRST302", "PGRST303": return 401
        case "PGRST116": return 406
        default: return 400
        }
    }
}

extension PostgrestError {
    /// 23505: a unique or primary key constraint already holds this key.
    static func duplicateKey(constraint: String, columns: [String], values: [JSONValue]) -> PostgrestError {
        PostgrestError(
            code: "23505", message: "duplicate key value violates unique constraint \"\(constraint)\"",
            details: "Key (\(columns.joined(separator: ", ")))=(\(values.map(\.sqlText).joined(separator: ", "))) already exists.")
    }

    /// 23502: NOT NULL violated (PostgreSQL 15 wording).
    static func notNull(column: String, table: String) -> PostgrestError {
        PostgrestError(
            code: "23502", message: "null value in column \"\(column)\" of relation \"\(table)\" violates not-null constraint")
    }

    /// 42501 raised by an INSERT/UPDATE WITH CHECK that the new row fails.
    static func withCheckViolation(table: String) -> PostgrestError {
        PostgrestError(code: "42501", message: "new row violates row-level security policy for table \"\(table)\"")
    }

    /// 42501 raised by `INSERT … ON CONFLICT DO UPDATE` when the existing (conflicting) row fails the
    /// UPDATE (or SELECT) policy's USING expression. PostgreSQL raises instead of skipping here: see
    /// the CREATE POLICY page, "Policies Applied by Command Type"
    /// (https://www.postgresql.org/docs/15/sql-createpolicy.html), and design.md's verified table.
    static func usingViolation(table: String) -> PostgrestError {
        PostgrestError(
            code: "42501", message: "new row violates row-level security policy (USING expression) for table \"\(table)\"")
    }

    /// 21000 from `INSERT … ON CONFLICT DO UPDATE` when two body rows hit the same row (an existing
    /// one or one the same command inserted).
    static let affectedTwice = PostgrestError(
        code: "21000", message: "ON CONFLICT DO UPDATE command cannot affect row a second time",
        hint: "Ensure that no rows proposed for insertion within the same command have duplicate constrained values.")

    /// 22P02: a value the column's input function cannot parse.
    static func invalidText(type: String, value: String) -> PostgrestError {
        PostgrestError(code: "22P02", message: "invalid input syntax for type \(type): \"\(value)\"")
    }

    /// The error PostgREST gives an expired JWT. Current PostgREST (v12.2+) reports a failed time
    /// claim as PGRST303 with 401 ("JWT expired"; the `iat` sibling "JWT issued at future" is quoted
    /// in https://github.com/orgs/supabase/discussions/53123); older releases used PGRST301.
    static let jwtExpired = PostgrestError(code: "PGRST303", message: "JWT expired")

    /// PGRST301: a token that does not decode or verify (here: unknown or revoked).
    static let jwtInvalid = PostgrestError(code: "PGRST301", message: "Invalid JWT")
}

extension JSONValue {
    /// The value as PostgreSQL prints it inside an error detail.
    var sqlText: String {
        switch self {
        case .null: return "null"
        case .string(let text): return text
        default: return canonicalText
        }
    }
}
