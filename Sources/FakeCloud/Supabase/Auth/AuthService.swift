import SimCore

/// A Supabase Auth (GoTrue) account.
public struct AuthUser: Sendable, Hashable {
    public var id: String
    public var email: String
    var password: String
    public var createdAtNanoseconds: Int64
}

/// One sign-in (GoTrue's `auth.sessions` row): its refresh tokens rotate, its access tokens come
/// and go, and it ends when signed out or revoked.
public struct AuthSession: Sendable, Hashable {
    public var userId: String
    /// The refresh token that is current: the last one issued in this session's rotation chain.
    public var activeRefreshToken: String
    /// Set by sign-out or an admin revoke; GoTrue deletes the row, so its refresh tokens are gone.
    public var revoked: Bool = false
}

/// What a sign-in or a refresh hands out: GoTrue's token response.
public struct AuthTokens: Sendable, Hashable {
    public var accessToken: String
    public var refreshToken: String
    public var userId: String
    public var expiresAtNanoseconds: Int64
}

/// How a sign-out reaches the account's sessions (`signOut(scope:)` in the client libraries).
public enum SignOutScope: Sendable, Hashable {
    /// Every session of the user: the client libraries' default.
    case global
    /// Only the session of the token used.
    case local
}

/// The fake GoTrue: accounts, password sign-in, rotating refresh tokens, sign-out, admin revoke,
/// and the bearer-token check every other service does first.
///
/// Mirrors Supabase Auth: access tokens last `expires_in` seconds (3600 by default), sign-out
/// defaults to the global scope, errors are `{code, error_code, msg}`
/// (https://supabase.com/docs/guides/auth/debugging/error-codes). A refresh token is exchanged
/// once for a new pair ("refresh tokens never expire but can only be used once",
/// https://supabase.com/docs/guides/auth/sessions). Reuse follows GoTrue's `RefreshTokenGrant`
/// (supabase/auth `internal/api/token_refresh.go`):
/// - the parent of the session's active refresh token may always be presented again ("the client
///   was not able to store the result when it refreshed"): the answer is a new access token with
///   the active refresh token, no new one;
/// - any other spent token works only within the reuse interval after it was spent
///   (`REFRESH_TOKEN_REUSE_INTERVAL`, 10 s by default) and then starts a new branch;
/// - later than that, the whole session is revoked and the answer is 400
///   `refresh_token_already_used` ("Invalid Refresh Token: Already Used");
/// - a signed-out or revoked session's tokens are gone: 400 `refresh_token_not_found`.
/// One deliberate difference, switchable: real access tokens are stateless JWTs that PostgREST
/// accepts until `exp` even after sign-out; `revokedTokensRejected` (default true) makes a
/// revoked session's token fail at once with 401, as the brief's contract asks.
public struct AuthService {
    public private(set) var users: [AuthUser] = []
    public private(set) var sessions: [AuthSession] = []
    /// Access token → (session index, expiry).
    private var accessGrants: [String: AccessGrant] = [:]
    /// Refresh token → its place in a session's rotation chain.
    private var refreshGrants: [String: RefreshGrant] = [:]
    private var random: SimRandom
    /// Access-token lifetime in seconds.
    public let accessTokenSeconds: Int64
    /// How long a spent refresh token may still be presented, in seconds.
    public let refreshReuseSeconds: Int64
    /// The service-role key: a bearer that bypasses RLS.
    public let serviceRoleKey: String
    public let revokedTokensRejected: Bool

    private struct AccessGrant {
        let session: Int
        let expiresAt: Int64
    }

    private struct RefreshGrant {
        let session: Int
        /// The token this one was exchanged from (nil for a sign-in's first token).
        let parent: String?
        /// When it was exchanged (nil while unspent).
        var spentAt: Int64?
    }

    public init(
        random: SimRandom, accessTokenSeconds: Int64, refreshReuseSeconds: Int64 = 10, serviceRoleKey: String,
        revokedTokensRejected: Bool
    ) {
        self.random = random
        self.accessTokenSeconds = accessTokenSeconds
        self.refreshReuseSeconds = refreshReuseSeconds
        self.serviceRoleKey = serviceRoleKey
        self.revokedTokensRejected = revokedTokensRejected
    }

    /// The user with this id.
    public func user(id: String) -> AuthUser? { users.first { $0.id == id } }

    /// Creates an account (auto-confirmed, as with email confirmation off) and its first session.
    mutating func signUp(email: String, password: String, now: Int64) throws(AuthError) -> AuthTokens {
        let normalized = email.lowercased()
        if users.contains(where: { $0.email == normalized }) {
            throw AuthError(status: 422, code: "user_already_exists", message: "User already registered")
        }
        if password.count < 6 {
            throw AuthError(status: 422, code: "weak_password", message: "Password should be at least 6 characters.")
        }
        users.append(AuthUser(id: random.uuidString(), email: normalized, password: password, createdAtNanoseconds: now))
        return startSession(userId: users[users.count - 1].id, now: now)
    }

    /// Undoes a sign-up whose trigger failed (GoTrue creates the user inside the same transaction).
    mutating func removeUser(id: String) {
        users.removeAll { $0.id == id }
        revokeAll(userId: id)
    }

    mutating func signIn(email: String, password: String, now: Int64) throws(AuthError) -> AuthTokens {
        guard let user = users.first(where: { $0.email == email.lowercased() && $0.password == password }) else {
            throw AuthError(status: 400, code: "invalid_credentials", message: "Invalid login credentials")
        }
        return startSession(userId: user.id, now: now)
    }

    /// Exchanges a refresh token (see the type's comment for reuse).
    mutating func refresh(token: String, now: Int64) throws(AuthError) -> AuthTokens {
        guard let grant = refreshGrants[token], !sessions[grant.session].revoked else {
            throw AuthError(
                status: 400, code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found")
        }
        let index = grant.session
        if let spentAt = grant.spentAt {
            let active = sessions[index].activeRefreshToken
            if refreshGrants[active]?.parent == token {
                return issueAccess(session: index, refreshToken: active, now: now)
            }
            if now > spentAt + refreshReuseSeconds * 1_000_000_000 {
                sessions[index].revoked = true
                throw AuthError(status: 400, code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used")
            }
        } else {
            refreshGrants[token]?.spentAt = now
        }
        let access = "at-" + random.uuidString()
        let refresh = "rt-" + random.uuidString()
        refreshGrants[refresh] = RefreshGrant(session: index, parent: token)
        sessions[index].activeRefreshToken = refresh
        return grantAccess(access, session: index, refreshToken: refresh, now: now)
    }

    /// Revokes the token's session, or all the user's sessions for `.global`.
    mutating func signOut(accessToken: String, scope: SignOutScope) {
        guard let index = accessGrants[accessToken]?.session else { return }
        if scope == .local {
            sessions[index].revoked = true
        } else {
            revokeAll(userId: sessions[index].userId)
        }
    }

    /// Admin: ends every session of `userId`.
    public mutating func revokeAll(userId: String) {
        for index in sessions.indices where sessions[index].userId == userId { sessions[index].revoked = true }
    }

    private mutating func startSession(userId: String, now: Int64) -> AuthTokens {
        let access = "at-" + random.uuidString()
        let refresh = "rt-" + random.uuidString()
        sessions.append(AuthSession(userId: userId, activeRefreshToken: refresh))
        refreshGrants[refresh] = RefreshGrant(session: sessions.count - 1, parent: nil)
        return grantAccess(access, session: sessions.count - 1, refreshToken: refresh, now: now)
    }

    private mutating func issueAccess(session: Int, refreshToken: String, now: Int64) -> AuthTokens {
        grantAccess("at-" + random.uuidString(), session: session, refreshToken: refreshToken, now: now)
    }

    private mutating func grantAccess(_ access: String, session: Int, refreshToken: String, now: Int64) -> AuthTokens {
        let expiresAt = now + accessTokenSeconds * 1_000_000_000
        accessGrants[access] = AccessGrant(session: session, expiresAt: expiresAt)
        return AuthTokens(
            accessToken: access, refreshToken: refreshToken, userId: sessions[session].userId, expiresAtNanoseconds: expiresAt)
    }

    /// The role and `auth.uid()` of a bearer token: nil → anon key; the service key → service role;
    /// an expired token → PGRST303, an unknown or revoked one → PGRST301 (both 401).
    public func authenticate(_ token: String?, now: Int64) -> Result<AuthContext, PostgrestError> {
        guard let token else { return .success(.anonymous) }
        if token == serviceRoleKey { return .success(.serviceRole) }
        guard let grant = accessGrants[token] else { return .failure(.jwtInvalid) }
        let session = sessions[grant.session]
        if session.revoked && revokedTokensRejected { return .failure(.jwtInvalid) }
        if now >= grant.expiresAt { return .failure(.jwtExpired) }
        return .success(AuthContext(role: .authenticated, uid: session.userId))
    }
}

/// A GoTrue error: `{"code": status, "error_code": …, "msg": …}`.
public struct AuthError: Error, Sendable, Hashable {
    public var status: Int
    public var code: String
    public var message: String

    public var body: JSONValue { ["code": .int(Int64(status)), "error_code": .string(code), "msg": .string(message)] }
}
