import SimCore

/// An account of the fake backend.
public struct RESTUser: Sendable, Hashable {
    public var id: String
    /// Lowercased.
    public var email: String
    public var name: String?
    public var createdAtNanoseconds: Int64
    var password: String
}

/// What sign-up, sign-in and refresh hand out.
struct RESTTokens {
    var accessToken: String
    var refreshToken: String
    var expiresAtNanoseconds: Int64
    var user: RESTUser
}

/// Email/password accounts with bearer access tokens and rotating refresh tokens, the way a
/// hand-rolled Express/Rails JWT backend works (e.g. devise-jwt + a refresh table):
/// - an access token expires `accessTokenSeconds` after issue (virtual time); at or after that → 401;
/// - a refresh token is exchanged once for a new pair (rotation); a spent, expired or revoked one → 401;
/// - sign-out revokes the session: its access token → 401 at once (a denylist, as devise-jwt's
///   revocation strategies do), its refresh token is dead;
/// - sign-up with an email already registered → 409 (RFC 9110 §15.5.10: a conflict with the
///   current state of the resource).
/// Tokens are counters rendered as opaque text: deterministic, never random.
struct RESTAuth {
    private(set) var users: [RESTUser] = []
    private var sessions: [Session] = []
    private var accessGrants: [String: Grant] = [:]
    private var refreshGrants: [String: Grant] = [:]
    private var nextToken: UInt64 = 0
    let config: RESTServerConfig

    private struct Session {
        var userIndex: Int
        var revoked = false
    }

    private struct Grant {
        var session: Int
        var expiresAt: Int64
        var spent = false
    }

    init(config: RESTServerConfig) { self.config = config }

    mutating func signUp(email: String, password: String, name: String?, id: String, now: Int64) throws(RESTFailure) -> RESTTokens {
        let normalized = email.lowercased()
        var errors: [RESTFieldError] = []
        if !Self.looksLikeEmail(normalized) { errors.append(RESTFieldError("email", "invalid_format")) }
        if password.count < config.minimumPasswordLength { errors.append(RESTFieldError("password", "too_short")) }
        if !errors.isEmpty { throw RESTFailure.unprocessable(errors) }
        if users.contains(where: { $0.email == normalized }) {
            throw RESTFailure(status: 409, code: "email_taken", message: "an account with this email already exists")
        }
        users.append(RESTUser(id: id, email: normalized, name: name, createdAtNanoseconds: now, password: password))
        return startSession(userIndex: users.count - 1, now: now)
    }

    /// 401 for an unknown email or a wrong password alike (no account enumeration).
    mutating func signIn(email: String, password: String, now: Int64) throws(RESTFailure) -> RESTTokens {
        guard let index = users.firstIndex(where: { $0.email == email.lowercased() && $0.password == password }) else {
            throw RESTFailure.unauthorized("invalid_credentials", "invalid email or password", tokenSent: false)
        }
        return startSession(userIndex: index, now: now)
    }

    mutating func refresh(_ token: String, now: Int64) throws(RESTFailure) -> RESTTokens {
        guard let grant = refreshGrants[token], !grant.spent, !sessions[grant.session].revoked, now < grant.expiresAt else {
            throw RESTFailure.unauthorized("invalid_refresh_token", "refresh token is invalid, spent, expired or revoked", tokenSent: true)
        }
        refreshGrants[token]?.spent = true
        return issue(session: grant.session, now: now)
    }

    /// Ends the session the access token belongs to.
    mutating func signOut(accessToken: String) {
        guard let grant = accessGrants[accessToken] else { return }
        sessions[grant.session].revoked = true
    }

    /// Ends every session of a user at once (a password change, "sign out of all devices").
    mutating func revokeAll(userId: String) {
        for index in sessions.indices where users[sessions[index].userIndex].id == userId { sessions[index].revoked = true }
    }

    /// The user a bearer token acts as, or the 401 to answer.
    func authenticate(_ token: String?, now: Int64) -> Result<RESTUser, RESTFailure> {
        guard let token else {
            return .failure(.unauthorized("missing_token", "an Authorization: Bearer token is required", tokenSent: false))
        }
        guard let grant = accessGrants[token] else {
            return .failure(.unauthorized("invalid_token", "the access token is not valid", tokenSent: true))
        }
        if sessions[grant.session].revoked {
            return .failure(.unauthorized("token_revoked", "the access token was revoked", tokenSent: true))
        }
        if now >= grant.expiresAt {
            return .failure(.unauthorized("token_expired", "the access token expired", tokenSent: true))
        }
        return .success(users[sessions[grant.session].userIndex])
    }

    /// `expires_in` in seconds (OAuth 2.0's RFC 6749 §5.1 field) and `expires_at` as wall-clock text.
    func tokensJSON(_ tokens: RESTTokens) -> JSONValue {
        let expiresAt = RESTTimestamp.text(nanoseconds: tokens.expiresAtNanoseconds, epochMilliseconds: config.epochMilliseconds)
        return [
            "access_token": .string(tokens.accessToken), "refresh_token": .string(tokens.refreshToken),
            "token_type": "Bearer", "expires_in": .int(config.accessTokenSeconds), "expires_at": .string(expiresAt),
            "user": Self.userJSON(tokens.user),
        ]
    }

    static func userJSON(_ user: RESTUser) -> JSONValue {
        ["id": .string(user.id), "email": .string(user.email), "name": user.name.map(JSONValue.string) ?? .null]
    }

    private mutating func startSession(userIndex: Int, now: Int64) -> RESTTokens {
        sessions.append(Session(userIndex: userIndex))
        return issue(session: sessions.count - 1, now: now)
    }

    private mutating func issue(session: Int, now: Int64) -> RESTTokens {
        let access = token("at")
        let refresh = token("rt")
        let expiresAt = now + config.accessTokenSeconds * 1_000_000_000
        accessGrants[access] = Grant(session: session, expiresAt: expiresAt)
        refreshGrants[refresh] = Grant(session: session, expiresAt: now + config.refreshTokenSeconds * 1_000_000_000)
        return RESTTokens(accessToken: access, refreshToken: refresh, expiresAtNanoseconds: expiresAt, user: users[sessions[session].userIndex])
    }

    private mutating func token(_ prefix: String) -> String {
        nextToken += 1
        return prefix + "-" + UUIDText.format(high: 0x7e57_0000_0000_4000, low: 0x8000_0000_0000_0000 | nextToken)
    }

    private static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
    }
}
