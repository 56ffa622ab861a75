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
    let memo: (_ key: String, _ accept: (Any) -> Bool, _ compute: () throws -> Any) throws -> Any
    /// The value memoized under a key while still valid, without computing anything.
    let remembered: (_ key: String) -> Any?

    /// Runs a PostgREST request as the caller (RLS applies). Rows come back in stored form:
    /// numeric as exact decimal text, so a function can sum exact minor units.
    @discardableResult
    public func query(_ request: TableRequest) throws(PostgrestError) -> [Row] {
        try runner(request, false).get()
    }

    /// Runs a request with the service-role key (bypasses RLS).
    @discardableResult
    public func queryAsServiceRole(_ request: TableRequest) throws(PostgrestError) -> [Row] {
        try runner(request, true).get()
    }

    /// `compute()`, or the value it returned on an earlier call of this function by this caller
    /// while no table has been written since. Only for values that are a pure function of the
    /// body-independent `key`, the caller and the rows it can see (no clock, no randomness): the
    /// fake's shortcut for recomputing, never a change in what the function answers.
    ///
    /// `reusingIf`: whether the remembered value answers this call (a value computed for other
    /// arguments is replaced, so one key holds one value).
    public func memoized<T>(_ key: String, reusingIf accept: (T) -> Bool = { _ in true }, _ compute: () throws -> T) throws -> T {
        guard let value = try memo(key, { ($0 as? T).map(accept) ?? false }, { try compute() }) as? T else {
            preconditionFailure("memo key \(key) used with two types")
        }
        return value
    }

    /// What `memoized(key)` would return without computing, if it is still valid; else nil (and
    /// nothing is computed or remembered).
    public func remembered<T>(_ key: String, as type: T.Type = T.self) -> T? {
        remembered(key).map { value in
            guard let typed = value as? T else { preconditionFailure("memo key \(key) used with two types") }
            return typed
        }
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
    /// The function stands for a Postgres function called through `rpc` (one transaction): a
    /// result with status ≥ 400 undoes every write it made. Off (an Edge Function): each query
    /// commits on its own, so a failure halfway leaves the earlier writes.
    public var atomic: Bool
    public var run: @Sendable (FunctionCall) -> FunctionResult

    public init(name: String, requiresUser: Bool = true, atomic: Bool = false,
                run: @escaping @Sendable (FunctionCall) -> FunctionResult) {
        self.name = name
        self.requiresUser = requiresUser
        self.atomic = atomic
        self.run = run
    }
}
