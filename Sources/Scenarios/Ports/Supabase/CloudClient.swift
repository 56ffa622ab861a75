import Foundation
import SimValues

/// One row as PostgREST sends and receives it: column name → JSON value.
public typealias CloudRow = [String: JSONValue]

/// A Supabase client port shaped like supabase-swift (`client.from(...).upsert/insert/select/update/delete`,
/// `client.functions.invoke`, Storage upload, `auth.signIn/signOut/currentSession`), so app code written
/// against it could run against the real service. Swiss Coin's migration and sync use it; in a
/// simulation `SimSupabaseClient` (FakeCloud) implements it over the simulated network. Every call may throw a `CloudError`.
///
/// Callers use it from one task at a time; implementations need not be `Sendable`.
public protocol CloudClient {
    /// `POST /rest/v1/{table}` with `Prefer: resolution=merge-duplicates` (or `ignore-duplicates` when
    /// `ignoreDuplicates`), `on_conflict={onConflict}` when given (PostgREST defaults to the primary key).
    @discardableResult
    func upsert(table: String, rows: [CloudRow], onConflict: String?, ignoreDuplicates: Bool) async throws -> [CloudRow]
    /// `POST /rest/v1/{table}`: plain insert; a duplicate key is an error (409 / 23505).
    @discardableResult
    func insert(table: String, rows: [CloudRow]) async throws -> [CloudRow]
    /// `GET /rest/v1/{table}` with filters, optional `order` (column name, ascending) and `limit`.
    func select(table: String, filters: [CloudFilter], orderBy: String?, limit: Int?) async throws -> [CloudRow]
    /// `PATCH /rest/v1/{table}` with filters; returns the updated rows (may be none, e.g. under RLS).
    @discardableResult
    func update(table: String, values: CloudRow, filters: [CloudFilter]) async throws -> [CloudRow]
    /// `DELETE /rest/v1/{table}` with filters; returns the deleted rows.
    @discardableResult
    func delete(table: String, filters: [CloudFilter]) async throws -> [CloudRow]
    /// `POST /functions/v1/{function}` with a JSON body; returns the decoded JSON response.
    func invoke(function: String, body: JSONValue) async throws -> JSONValue
    /// `POST /storage/v1/object/{bucket}/{path}` (`x-upsert: true` when `upsert`); returns the object key.
    /// As in Supabase Storage, uploading to an existing path without `upsert` fails with 409.
    @discardableResult
    func upload(bucket: String, path: String, data: Data, upsert: Bool) async throws -> String
    /// Password sign-in; returns the signed-in user's id (`auth.users.id`).
    @discardableResult
    func signIn(email: String, password: String) async throws -> String
    /// Ends the session (later table calls are anonymous).
    func signOut() async throws
    /// The current session, or `nil` when signed out (supabase-swift `auth.currentSession`).
    func currentSession() async -> CloudSession?
}

/// An authenticated session: only the user id matters to the migration (seed l.208-211).
public struct CloudSession: Sendable, Equatable {
    /// `auth.users.id`, a UUID string.
    public let userId: String
    public init(userId: String) { self.userId = userId }
}

extension CloudClient {
    /// The seed's `.upsert(dto).execute()` with no options (l.392-394 and every other step).
    @discardableResult
    public func upsert(table: String, row: CloudRow, onConflict: String? = nil, ignoreDuplicates: Bool = false)
        async throws -> [CloudRow]
    {
        try await upsert(table: table, rows: [row], onConflict: onConflict, ignoreDuplicates: ignoreDuplicates)
    }
}
