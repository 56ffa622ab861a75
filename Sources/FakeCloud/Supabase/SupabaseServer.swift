import SimCore

/// Settings of a fake project.
public struct SupabaseConfig: Sendable {
    /// Access-token lifetime (GoTrue's `jwt_expiry`, 3600 s by default).
    public var accessTokenSeconds: Int64 = 3600
    /// How long a spent refresh token may be presented again (GoTrue's
    /// `REFRESH_TOKEN_REUSE_INTERVAL`, 10 s by default).
    public var refreshReuseSeconds: Int64 = 10
    /// The bearer that acts as the service role.
    public var serviceRoleKey = "service-role-key"
    /// `now()` at virtual time zero, microseconds since 1970 UTC (default 2025-01-01T00:00:00Z).
    public var epochMicros: Int64 = 1_735_689_600_000_000
    /// See `AuthService`: reject a signed-out session's token before it expires.
    public var revokedTokensRejected = true

    public init() {}
}

/// The in-process fake Supabase project: Auth, PostgREST over a fake Postgres with RLS, Storage and
/// Edge Functions, behind SimCore's `SimService` so the simulated network delivers (and faults)
/// every request.
///
/// Each request is handled synchronously at its virtual arrival time as one transaction. All ids and
/// tokens come from the `SimRandom` given at init, so a seed fixes every server-assigned value.
public final class SupabaseServer: SimService {
    public let name = "supabase"
    public let backend: BackendDefinition
    public let config: SupabaseConfig
    public internal(set) var store: TableStore
    public internal(set) var auth: AuthService
    public internal(set) var storage: StorageBuckets
    private let functionMemo = TableReadMemo()
    /// Values checkers derive from the stored rows (`AdminView.memoized`).
    let adminMemo = FunctionMemo()

    public init(backend: BackendDefinition, random: SimRandom, config: SupabaseConfig = SupabaseConfig()) {
        self.backend = backend
        self.config = config
        self.store = TableStore(tables: backend.tables, random: random.fork("tables"), epochMicros: config.epochMicros)
        self.auth = AuthService(
            random: random.fork("auth"), accessTokenSeconds: config.accessTokenSeconds,
            refreshReuseSeconds: config.refreshReuseSeconds,
            serviceRoleKey: config.serviceRoleKey, revokedTokensRejected: config.revokedTokensRejected)
        self.storage = StorageBuckets(buckets: backend.buckets, random: random.fork("storage"))
    }

    /// Read-only access for checkers: tables without RLS, provenance, users, objects.
    public var admin: AdminView { AdminView(server: self) }

    public func handle(_ request: SupabaseRequest, context: ServiceContext) -> SupabaseResponse {
        let now = context.now.nanoseconds
        if case .auth(let authRequest) = request.operation {
            return handleAuth(authRequest, token: request.accessToken, context: context)
        }
        let caller: AuthContext
        switch auth.authenticate(request.accessToken, now: now) {
        case .success(let context): caller = context
        case .failure(let error):
            context.record(name, "jwt-rejected code=\(error.code)")
            return SupabaseResponse(status: 401, body: error.body, error: error)
        }
        let statement = StatementContext(auth: caller, device: context.caller, nanoseconds: now, requestNumber: context.requestNumber)
        switch request.operation {
        case .auth: preconditionFailure("handled above")
        case .table(let tableRequest): return handleTable(tableRequest, statement, context)
        case .storage(let storageRequest):
            let (status, body, data) = storage.handle(storageRequest, auth: caller)
            let error = status >= 400 ? PostgrestError(code: body["error"]?.stringValue ?? "", message: body["message"]?.stringValue ?? "") : nil
            return SupabaseResponse(status: status, body: body, error: error, data: data)
        case .function(let functionName, let body):
            return invoke(functionName, body, statement, context)
        }
    }

    /// PostgREST: status 200 for reads, 201 for inserts/upserts, 204 for minimal updates/deletes
    /// (200 with a body when representation is asked).
    private func handleTable(_ request: TableRequest, _ statement: StatementContext, _ context: ServiceContext) -> SupabaseResponse {
        do {
            let rows = try store.execute(request, by: statement)
            let body = JSONValue.array(store.output(rows, table: request.table))
            switch request.action {
            case .select: return SupabaseResponse(status: 200, body: body)
            case .insert, .upsert: return SupabaseResponse(status: 201, body: request.returnRepresentation ? body : .null)
            case .update, .delete:
                return request.returnRepresentation ? SupabaseResponse(status: 200, body: body) : SupabaseResponse(status: 204, body: .null)
            }
        } catch {
            if error.code == "42501" { context.record(name, "rls-denied code=42501") }
            return SupabaseResponse(status: error.httpStatus(anonymous: statement.auth.role == .anon), body: error.body, error: error)
        }
    }

    private func invoke(_ functionName: String, _ body: JSONValue, _ statement: StatementContext, _ context: ServiceContext)
        -> SupabaseResponse
    {
        guard let function = backend.functions.first(where: { $0.name == functionName }) else {
            let error = PostgrestError(code: "NOT_FOUND", message: "Requested function was not found")
            return SupabaseResponse(status: 404, body: ["message": .string(error.message)], error: error)
        }
        if function.requiresUser && statement.auth.role == .anon {
            let error = PostgrestError(code: "UNAUTHORIZED", message: "Invalid JWT")
            return SupabaseResponse(status: 401, body: ["msg": .string(error.message)], error: error)
        }
        let memoPrefix = "\(functionName)|\(statement.auth.role.rawValue)|\(statement.auth.uid ?? "")|"
        let call = FunctionCall(body: body, auth: statement.auth, device: statement.device, runner: { [unowned self] request, elevated in
            var asCaller = statement
            if elevated { asCaller.auth = .serviceRole }
            self.noteMemoReads(request, asCaller.auth)
            do throws(PostgrestError) {
                return .success(try self.store.execute(request, by: asCaller))
            } catch { return .failure(error) }
        }, memo: { [unowned self] key, accept, compute in
            try self.functionMemo.value(memoPrefix + key, revision: { self.store.viewRevision($0.table, as: $0.viewer) },
                                        accept: accept, compute)
        }, remembered: { [unowned self] key in
            self.functionMemo.peek(memoPrefix + key, revision: { self.store.viewRevision($0.table, as: $0.viewer) })
        })
        let mark = function.atomic ? store.beginTransaction() : nil
        let result = function.run(call)
        if let mark { store.endTransaction(mark, commit: result.status < 400) }
        context.record(name, "function \(functionName) status=\(result.status)")
        let error = result.status >= 400 ? PostgrestError(code: String(result.status), message: result.body.canonicalText) : nil
        return SupabaseResponse(status: result.status, body: result.body, error: error)
    }

    /// Tells the memo what `request` reads: its table and, under RLS, every table the table's
    /// policies can read (all tables when that is unknown); a write is never remembered.
    private func noteMemoReads(_ request: TableRequest, _ auth: AuthContext) {
        guard case .select = request.action else {
            functionMemo.noteWrite()
            return
        }
        // Under RLS the caller sees their rows only: changes they cannot see keep the value.
        let viewer = ViewerRevisions.canWatch(auth) ? auth : nil
        functionMemo.noteRead([request.table], viewer: viewer)
        if auth.role != .serviceRole {
            functionMemo.noteRead(store.policyReach(from: request.table) ?? store.tableNames, viewer: viewer)
        }
    }

    public func injectedFailure(_ failure: InjectedServerFailure, for request: SupabaseRequest) -> SupabaseResponse {
        switch failure {
        case .serverError(let status):
            let error = PostgrestError(code: String(status), message: "upstream server error")
            return SupabaseResponse(status: status, body: ["message": .string(error.message)], error: error)
        case .rateLimited(let seconds):
            let error = PostgrestError(code: "over_request_rate_limit", message: "Too many requests")
            return SupabaseResponse(status: 429, body: ["message": .string(error.message)], error: error, retryAfterSeconds: seconds)
        }
    }
}
