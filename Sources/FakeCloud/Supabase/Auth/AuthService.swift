import SimCore

/// A Supabase Auth (GoTrue) account.
public struct AuthUser: Sendable, Hashable {
    public var id: String
    public var email: String
    var password: String
    public var createdAtNanoseconds: Int64
}

/// One sign-in: a bearer access token valid until `expiresAtNanoseconds`, and a single-use refresh
/// token that rotates on every refresh.
public struct AuthSession: Sendable, Hashable {
    public var accessToken: String
    public var refreshToken: String
    public var userId: String
    public var expiresAtNanoseconds: Int64
    /// Set by sign-out or an admin revoke.
    public var revoked: Bool = false
    /// Set once the refresh token has been exchanged.
    public var refreshUsed: Bool = false
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
/// Mirrors Supabase Auth: sessions last `expires_in` seconds (3600 by default), refresh tokens are
/// single-use (reuse → 400 `refresh_token_already_used`), sign-out defaults to the global scope,
/// errors are `{code, error_code, msg}` (https://supabase.com/docs/guides/auth/debugging/error-codes).
/// One deliberate difference, switchable: real access tokens are stateless JWTs that PostgREST
/// accepts until `exp` even after sign-out; `revokedTokensRejected` (default true) makes a
/// revoked session's token fail at once with 401, as the brief's contract asks.
public struct AuthService {
    public private(set) var users: [AuthUser] = []
    public private(set) var sessions: [AuthSession] = []
    private var sessionByAccess: [String: Int] = [:]
    private var sessionByRefresh: [String: Int] = [:]
    private var random: SimRandom
    /// Access-token lifetime in seconds.
    public let accessTokenSeconds: Int64
    /// The service-role key: a bearer that bypasses RLS.
    public let serviceRoleKey: String
    public let revokedTokensRejected: Bool

    public init(random: SimRandom, accessTokenSeconds: Int64, serviceRoleKey: String, revokedTokensRejected: Bool) {
        self.random = random
        self.accessTokenSeconds = accessTokenSeconds
        self.serviceRoleKey = serviceRoleKey
        self.revokedTokensRejected = revokedTokensRejected
    }

    /// The user with this id.
    public func user(id: String) -> AuthUser? { users.first { $0.id == id } }

    /// Creates an account (auto-confirmed, as with email confirmation off) and its first session.
    mutating func signUp(email: String, password: String, now: Int64) throws(AuthError) -> AuthSession {
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
        for index in sessions.indices where sessions[index].userId == id { sessions[index].revoked = true }
    }

    mutating func signIn(email: String, password: String, now: Int64) throws(AuthError) -> AuthSession {
        guard let user = users.first(where: { $0.email == email.lowercased() && $0.password == password }) else {
            throw AuthError(status: 400, code: "invalid_credentials", message: "Invalid login credentials")
        }
        return startSession(userId: user.id, now: now)
    }

    /// Exchanges a refresh token for a new session; the old refresh token is spent.
    mutating func refresh(token: String, now: Int64) throws(AuthError) -> AuthSession {
        guard let index = sessionByRefresh[token], !sessions[index].revoked else {
            throw AuthError(
                status: 400, code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found")
        }
        if sessions[index].refreshUsed {
            throw AuthError(status: 400, code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used")
        }
        sessions[index].refreshUsed = true
        return startSession(userId: sessions[index].userId, now: now)
    }

    /// Revokes the token's session, or all the user's sessions for `.global`.
    mutating func signOut(accessToken: String, scope: SignOutScope) {
        guard let index = sessionByAccess[accessToken] else { return }
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

    private mutating func startSession(userId: String, now: Int64) -> AuthSession {
        let session = AuthSession(
            accessToken: "at-" + random.uuidString(), refreshToken: "rt-" + random.uuidString(), userId: userId,
            expiresAtNanoseconds: now + accessTokenSeconds * 1_000_000_000)
        sessionByAccess[session.accessToken] = sessions.count
        sessionByRefresh[session.refreshToken] = sessions.count
        sessions.append(session)
        return session
    }

    /// The role and `auth.uid()` of a bearer token: nil → anon key; the service key → service role;
    /// an expired token → PGRST303, an unknown or revoked one → PGRST301 (both 401).
    public func authenticate(_ token: String?, now: Int64) -> Result<AuthContext, PostgrestError> {
        guard let token else { return .success(.anonymous) }
        if token == serviceRoleKey { return .success(.serviceRole) }
        guard let index = sessionByAccess[token] else { return .failure(.jwtInvalid) }
        let session = sessions[index]
        if session.revoked && revokedTokensRejected { return .failure(.jwtInvalid) }
        if now >= session.expiresAtNanoseconds { return .failure(.jwtExpired) }
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
