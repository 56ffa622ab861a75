import SimCore

/// What an edge function receives: the JSON body, the caller's verified auth, and a database handle.
///
/// Mirrors a Supabase Edge Function that builds its client with the caller's `Authorization`
/// header (https://supabase.com/docs/guides/functions/auth): its queries run as the caller, through
/// the same RLS. `asServiceRole` models a function that uses the service-role key instead.
public struct FunctionCall {
    public let body: JSONValue
    public let auth: AuthContext
    /// The device that invoked the function.
    public let device: String
    let runner: (TableRequest, Bool) -> Result<[Row], PostgrestError>

    /// Runs a PostgREST request as the caller (RLS applies). Rows come back in stored form:
    /// numeric as exact decimal text, so a function can sum exact minor units.
    public func query(_ request: TableRequest) throws(PostgrestError) -> [Row] {
        try runner(request, false).get()
    }

    /// Runs a request with the service-role key (bypasses RLS).
    public func queryAsServiceRole(_ request: TableRequest) throws(PostgrestError) -> [Row] {
        try runner(request, true).get()
    }

    /// Shorthand: every row of `table` the caller can see matching `filters`.
    public func select(_ table: String, _ filters: [RowFilter] = []) throws(PostgrestError) -> [Row] {
        try query(TableRequest(table: table, action: .select, filters: filters))
    }
}

/// An edge function's answer.
public struct FunctionResult: Sendable {
    public var status: Int
    public var body: JSONValue

    public init(status: Int = 200, body: JSONValue) {
        self.status = status
        self.body = body
    }
}

/// A named server-side function (`supabase.functions.invoke(name, body:)`).
public struct EdgeFunction: Sendable {
    public var name: String
    /// Supabase's `verify_jwt` (on by default): anonymous callers are refused with 401.
    public var requiresUser: Bool
    public var run: @Sendable (FunctionCall) -> FunctionResult

    public init(name: String, requiresUser: Bool = true, run: @escaping @Sendable (FunctionCall) -> FunctionResult) {
        self.name = name
        self.requiresUser = requiresUser
        self.run = run
    }
}
