import SimCore

/// GoTrue endpoints of `SupabaseServer`, including the `on auth.users insert` triggers.
extension SupabaseServer {
    func handleAuth(_ request: AuthRequest, token: String?, context: ServiceContext) -> SupabaseResponse {
        let now = context.now.nanoseconds
        do throws(AuthError) {
            switch request {
            case .signUp(let email, let password):
                let session = try auth.signUp(email: email, password: password, now: now)
                try runUserCreatedTriggers(userId: session.userId, context: context)
                return sessionResponse(session, now: now)
            case .signIn(let email, let password):
                return sessionResponse(try auth.signIn(email: email, password: password, now: now), now: now)
            case .refresh(let refreshToken):
                return sessionResponse(try auth.refresh(token: refreshToken, now: now), now: now)
            case .signOut(let scope):
                guard case .success(let caller) = auth.authenticate(token, now: now), caller.uid != nil, let token else {
                    throw AuthError(status: 401, code: "bad_jwt", message: "invalid JWT")
                }
                auth.signOut(accessToken: token, scope: scope)
                return SupabaseResponse(status: 204, body: .null)
            case .adminRevokeSessions(let userId):
                guard token == config.serviceRoleKey else {
                    throw AuthError(status: 403, code: "not_admin", message: "User not allowed")
                }
                auth.revokeAll(userId: userId)
                return SupabaseResponse(status: 204, body: .null)
            }
        } catch {
            context.record(name, "auth-error status=\(error.status)")
            return SupabaseResponse(
                status: error.status, body: error.body, error: PostgrestError(code: error.code, message: error.message))
        }
    }

    /// Runs the sign-up triggers in the sign-up's transaction: any failure removes the new user too.
    private func runUserCreatedTriggers(userId: String, context: ServiceContext) throws(AuthError) {
        guard let user = auth.user(id: userId) else { return }
        let statement = StatementContext(
            auth: .serviceRole, device: context.caller, nanoseconds: context.now.nanoseconds, requestNumber: context.requestNumber)
        let saved = store
        for trigger in backend.userCreatedTriggers {
            for insert in trigger(user) {
                do {
                    try store.systemInsert(insert.table, insert.row, by: statement, operation: .trigger)
                    context.record(name, "trigger auth-user-created insert \(insert.table)")
                } catch {
                    store = saved
                    auth.removeUser(id: userId)
                    throw AuthError(status: 500, code: "unexpected_failure", message: "Database error saving new user")
                }
            }
        }
    }

    /// GoTrue's token response; `expires_at` in Unix seconds on the server's wall-clock epoch.
    private func sessionResponse(_ session: AuthTokens, now: Int64) -> SupabaseResponse {
        let user = auth.user(id: session.userId)
        let expiresAt = (config.epochMicros / 1_000_000) + session.expiresAtNanoseconds / 1_000_000_000
        return SupabaseResponse(status: 200, body: [
            "access_token": .string(session.accessToken), "token_type": "bearer",
            "expires_in": .int(config.accessTokenSeconds), "expires_at": .int(expiresAt),
            "refresh_token": .string(session.refreshToken),
            "user": ["id": .string(session.userId), "email": .string(user?.email ?? "")],
        ])
    }
}
