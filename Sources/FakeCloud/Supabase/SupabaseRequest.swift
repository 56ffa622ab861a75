import SimCore

/// One call to the fake Supabase project, as the client libraries make it: a bearer token (nil =
/// only the anon key) and what is asked.
public struct SupabaseRequest: Sendable {
    /// The `Authorization: Bearer` access token; nil = anon; the service-role key = service role.
    public var accessToken: String?
    public var operation: SupabaseOperation

    public init(accessToken: String?, _ operation: SupabaseOperation) {
        self.accessToken = accessToken
        self.operation = operation
    }
}

/// The four Supabase services.
public enum SupabaseOperation: Sendable {
    case auth(AuthRequest)
    case table(TableRequest)
    case storage(StorageRequest)
    /// `functions.invoke(name, body:)`.
    case function(name: String, body: JSONValue)
}

/// A GoTrue call.
public enum AuthRequest: Sendable {
    case signUp(email: String, password: String)
    /// `grant_type=password`.
    case signIn(email: String, password: String)
    /// `grant_type=refresh_token`.
    case refresh(refreshToken: String)
    /// `POST /logout?scope=…` with the request's access token.
    case signOut(scope: SignOutScope)
    /// Admin API (service-role key required): end all sessions of a user.
    case adminRevokeSessions(userId: String)
}

/// The answer: HTTP status, JSON body, and for failures the error (its `code` is the SQLSTATE,
/// PGRST code, GoTrue `error_code` or storage error).
public struct SupabaseResponse: Sendable {
    public var status: Int
    public var body: JSONValue
    public var error: PostgrestError?
    /// Downloaded bytes.
    public var data: [UInt8]?
    /// `Retry-After` seconds on a 429.
    public var retryAfterSeconds: Int?

    public init(status: Int, body: JSONValue, error: PostgrestError? = nil, data: [UInt8]? = nil, retryAfterSeconds: Int? = nil) {
        self.status = status
        self.body = body
        self.error = error
        self.data = data
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The rows of a PostgREST answer (an array body), empty otherwise.
    public var rows: [JSONValue] { body.arrayValue ?? [] }
}
