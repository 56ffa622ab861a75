import AppPorts
import Foundation
import SimCore

/// supabase-swift as an app sees it (the `CloudClient` port), over the simulated network to the
/// Supabase fake. Any app written against `CloudClient` runs on it in a simulation.
///
/// Mirrors the SDK where it matters to a migration: the session (access and refresh token) is
/// kept in the Keychain — durable at once, so it survives a kill — and restored on launch; an
/// access token the server refuses (401) is refreshed once and the request retried; nothing else
/// is retried (the SDK surfaces 5xx, 429 and transport errors to the app). Requests time out after
/// 60 s (URLSession's default).
///
/// Two simplifications, both on the side of the SDK noticing sooner:
/// - supabase-swift refreshes before a request when its own clock says the token expired; here the
///   server's 401 PGRST303 triggers it (no device clock skew in the decision).
/// - The fake rejects a revoked session's token at once (401 PGRST301, `revokedTokensRejected`),
///   where real PostgREST accepts the JWT until it expires and the SDK finds out at its next
///   refresh. So PGRST301 triggers a refresh too. A refresh the server refuses (400
///   `refresh_token_not_found` / `refresh_token_already_used`) removes the local session, as
///   supabase-js's `_callRefreshToken` does for a non-retryable error: the app is signed out.
public final class SimSupabaseClient: CloudClient {
    /// Where the session lives on the device (the Keychain: durable at once, survives a kill).
    public static let keychainPath = "keychain/supabase-session.json"

    let context: DeviceContext
    let server: ServiceHandle<SupabaseServer>
    /// Prefix of the coverage marks (`<label>: access token refreshed`), the app's name.
    let label: String
    private var session: StoredSession?

    /// The signed-in user of a Keychain entry this client wrote (nil: unreadable).
    public static func userId(inKeychain bytes: [UInt8]) -> String? {
        (try? JSONDecoder().decode(StoredSession.self, from: Data(bytes)))?.userId
    }

    struct StoredSession: Codable {
        var accessToken: String
        var refreshToken: String
        var userId: String
    }

    /// The client of the app on `context`'s device, restoring a session the Keychain holds.
    public init(context: DeviceContext, server: ServiceHandle<SupabaseServer>, label: String) {
        self.context = context
        self.server = server
        self.label = label
        if let bytes = context.readFile(Self.keychainPath) {
            session = try? JSONDecoder().decode(StoredSession.self, from: Data(bytes))
        }
    }

    // MARK: Transport

    private func send(_ operation: SupabaseOperation, token: String?) async throws -> SupabaseResponse {
        do {
            return try await context.call(server, SupabaseRequest(accessToken: token, operation), timeout: .seconds(60))
        } catch let error as NetworkError {
            switch error {
            case .timeout: throw CloudError.transport(.timeout)
            case .offline: throw CloudError.transport(.offline)
            case .cancelled: throw CloudError.transport(.cancelled)
            }
        } catch {
            throw CloudError.transport(.cancelled)
        }
    }

    /// Sends with the session's token, refreshing once when the server refuses it (expired or revoked).
    ///
    /// The retry belongs to the session the request went out with: if the user signed out or
    /// another account signed in while it was in flight, the 401 is the answer (retrying under
    /// the new session would write one account's change into another's).
    private func authorized(_ operation: SupabaseOperation) async throws -> SupabaseResponse {
        let sent = session
        var response = try await send(operation, token: sent?.accessToken)
        if response.status == 401, ["PGRST303", "PGRST301"].contains(response.error?.code), let sent,
           try await refresh(after: sent) {
            response = try await send(operation, token: session?.accessToken)
        }
        guard response.isSuccess else { throw Self.error(response) }
        return response
    }

    static func error(_ response: SupabaseResponse) -> CloudError {
        .http(status: response.status, code: response.error?.code, message: response.error?.message ?? "HTTP \(response.status)")
    }

    /// Refreshes the session a refused request was sent with; returns whether the request may be
    /// retried with the current session (still the same user's).
    private func refresh(after sent: StoredSession) async throws -> Bool {
        guard let current = session, current.userId == sent.userId else { return false }
        if current.accessToken != sent.accessToken { return true }  // refreshed meanwhile
        let response = try await send(.auth(.refresh(refreshToken: current.refreshToken)), token: nil)
        // Signed out, or another sign-in, while the refresh was in flight: its answer is stale.
        guard session?.refreshToken == current.refreshToken else { return false }
        if response.status == 400 {
            // The session is gone on the server (signed out elsewhere, revoked, reuse detected).
            session = nil
            try persist()
            context.record("app session ended: \(response.error?.code ?? "refresh refused")")
            context.sometimes("\(label): the server ended a session")
            return false
        }
        guard response.isSuccess else { return false }
        context.sometimes("\(label): access token refreshed")
        try store(response.body)
        return true
    }

    private func store(_ body: JSONValue) throws {
        guard let access = body["access_token"]?.stringValue, let refresh = body["refresh_token"]?.stringValue,
              let user = body["user"]?["id"]?.stringValue
        else { throw CloudError.http(status: 500, code: nil, message: "malformed session") }
        session = StoredSession(accessToken: access, refreshToken: refresh, userId: user)
        try persist()
    }

    private func persist() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        if let session {
            try context.writeFile(Self.keychainPath, Array(try encoder.encode(session)))
        } else {
            try context.removeFile(Self.keychainPath)
        }
    }

    // MARK: CloudClient

    public func upsert(table: String, rows: [CloudRow], onConflict: String?, ignoreDuplicates: Bool) async throws -> [CloudRow] {
        let conflict = onConflict.map { $0.split(separator: ",").map(Self.trimmedColumn) }
        let request = TableRequest(table: table, action: .upsert(rows, onConflict: conflict, ignoreDuplicates: ignoreDuplicates),
                                   returnRepresentation: true)
        return Self.rows(try await authorized(.table(request)))
    }

    /// One name of an `on_conflict` list without surrounding whitespace (`CharacterSet.whitespaces`:
    /// tab and Unicode's space separators). A name that starts and ends with a printable ASCII
    /// character has none to trim, and skips Foundation (a few percent of an upload's time).
    static func trimmedColumn(_ name: Substring) -> String {
        let bytes = name.utf8
        if let first = bytes.first, let last = bytes.last, Self.isPlainASCII(first), Self.isPlainASCII(last) {
            return String(name)
        }
        return String(name).trimmingCharacters(in: .whitespaces)
    }

    /// A byte that is a whole ASCII character and no whitespace.
    private static func isPlainASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    public func insert(table: String, rows: [CloudRow]) async throws -> [CloudRow] {
        Self.rows(try await authorized(.table(TableRequest(table: table, action: .insert(rows), returnRepresentation: true))))
    }

    public func select(table: String, filters: [CloudFilter], orderBy: String?, limit: Int?) async throws -> [CloudRow] {
        let request = TableRequest(table: table, action: .select, filters: filters.map(Self.filter),
                                   order: orderBy.map { [OrderTerm($0)] } ?? [], limit: limit)
        return Self.rows(try await authorized(.table(request)))
    }

    public func update(table: String, values: CloudRow, filters: [CloudFilter]) async throws -> [CloudRow] {
        let request = TableRequest(table: table, action: .update(values), filters: filters.map(Self.filter), returnRepresentation: true)
        return Self.rows(try await authorized(.table(request)))
    }

    public func delete(table: String, filters: [CloudFilter]) async throws -> [CloudRow] {
        let request = TableRequest(table: table, action: .delete, filters: filters.map(Self.filter), returnRepresentation: true)
        return Self.rows(try await authorized(.table(request)))
    }

    public func invoke(function: String, body: JSONValue) async throws -> JSONValue {
        try await authorized(.function(name: function, body: body)).body
    }

    public func upload(bucket: String, path: String, data: Data, upsert: Bool) async throws -> String {
        _ = try await authorized(.storage(.upload(bucket: bucket, path: path, data: Array(data), upsert: upsert)))
        return "\(bucket)/\(path)"
    }

    public func signIn(email: String, password: String) async throws -> String {
        let response = try await send(.auth(.signIn(email: email, password: password)), token: nil)
        guard response.isSuccess else { throw Self.error(response) }
        try store(response.body)
        return session!.userId
    }

    public func signOut() async throws {
        let token = session?.accessToken
        session = nil
        try persist()  // the SDK clears the local session even when the server call fails
        if let token { _ = try? await send(.auth(.signOut(scope: .local)), token: token) }
    }

    public func currentSession() async -> CloudSession? {
        session.map { CloudSession(userId: $0.userId) }
    }

    // MARK: Mapping

    static func rows(_ response: SupabaseResponse) -> [CloudRow] {
        response.rows.compactMap(\.objectValue)
    }

    static func filter(_ filter: CloudFilter) -> RowFilter {
        switch filter.op {
        case .eq: return .eq(filter.column, filter.value)
        case .neq: return .neq(filter.column, filter.value)
        case .is: return filter.value.isNull ? .isNull(filter.column) : .eq(filter.column, filter.value)
        case .gt: return .gt(filter.column, filter.value)
        case .gte: return .gte(filter.column, filter.value)
        case .lt: return .lt(filter.column, filter.value)
        case .lte: return .lte(filter.column, filter.value)
        }
    }
}
