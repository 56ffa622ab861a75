/// The HTTP status PostgREST answers a PostgreSQL error with, ported line for line from the table in
/// PostgREST's `src/PostgREST/Error.hs` (`instance PgrstError PgError`, `pgErrorStatus`) and its
/// documentation ("Errors" → "HTTP Status Codes", docs/errors.rst in PostgREST/postgrest).
///
/// Kept apart from the fake's own `PostgrestError.httpStatus` on purpose: the differential maps the
/// real server's SQLSTATE with this table and compares it with what the fake answered, so a wrong
/// entry in the fake's table shows up as a mismatch.
enum PostgrestStatus {
    /// `authenticated`: whether the request carried a role other than the anonymous one.
    static func status(sqlstate code: String, authenticated: Bool) -> Int {
        switch code {
        case "23503", "23505": return 409
        case "25006": return 405  // read_only_sql_transaction
        case "42883": return 404  // undefined function
        case "42P01": return 404  // undefined table
        case "42P17": return 500  // infinite recursion
        case "42501": return authenticated ? 403 : 401  // insufficient privilege
        case "53400": return 500  // config limit exceeded
        case "57P01": return 503
        case "P0001": return 400  // default code for "raise"
        default: break
        }
        switch String(code.prefix(2)) {
        case "08": return 503  // pg connection err
        case "09": return 500  // triggered action exception
        case "0L", "0P": return 403  // invalid grantor / role specification
        case "25": return 500  // invalid transaction state
        case "28": return 403  // invalid auth specification
        case "2D": return 500  // invalid transaction termination
        case "38", "39", "3B": return 500  // external routine / savepoint
        case "40": return 500  // transaction rollback
        case "53": return 503  // insufficient resources
        case "54": return 500  // too complex
        case "55": return 500  // obj not in prereq state
        case "57": return 500  // operator intervention
        case "58": return 500  // system error
        case "F0", "HV", "P0", "XX": return 500
        default: return 400
        }
    }
}
