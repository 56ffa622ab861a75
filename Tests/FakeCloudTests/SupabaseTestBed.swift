import FakeCloud
import SimCore
import XCTest

/// A small backend and helpers shared by the fake-Supabase tests.
final class SupabaseTestBed {
    let server: SupabaseServer
    let trace = Trace()
    var nowNanoseconds: Int64 = 0
    var requestNumber: UInt64 = 0

    init(backend: BackendDefinition = SupabaseTestBed.backend(rls: true)) {
        server = SupabaseServer(backend: backend, random: SimRandom(seed: 7))
    }

    static func backend(rls: Bool) -> BackendDefinition {
        BackendDefinition { b in
            b.table("t", rowLevelSecurity: rls) { t in
                t.column("id", .uuid, .primaryKey, .default(.randomUUID))
                t.column("owner_id", .uuid, .notNull)
                t.column("name", .text)
                t.column("amount", .numeric(12, 2))
                t.column("day", .date)
                t.column("created_at", .timestamptz, .notNull, .default(.now))
                t.ownerPolicy()
            }
            b.table("parents", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
            }
            b.table("children", rowLevelSecurity: false) { t in
                t.column("id", .uuid, .primaryKey)
                t.column("parent_id", .uuid, .notNull, .references("parents", onDelete: .cascade))
                t.column("kind", .text, .notNull)
                t.column("slot", .int, .notNull, .default(.value(0)))
                t.unique("parent_id", "kind")
            }
            b.bucket(.ownerFolders(id: "photos", fileSizeLimit: 10))
            b.table("profiles") { t in
                t.column("id", .uuid, .primaryKey)
                t.column("display_name", .text)
                t.ownerPolicy(column: "id")
            }
            b.onAuthUserCreated { user in [TriggerInsert("profiles", ["id": .string(user.id), "display_name": .string(user.email)])] }
        }
    }

    @discardableResult
    func send(_ request: SupabaseRequest, from device: String = "phone-a") -> SupabaseResponse {
        requestNumber += 1
        let context = ServiceContext(
            now: SimInstant(nanoseconds: nowNanoseconds), caller: device, requestNumber: requestNumber, trace: trace)
        return server.handle(request, context: context)
    }

    /// Signs up `email` and returns (user id, access token, refresh token).
    func signUp(_ email: String) -> (id: String, token: String, refresh: String) {
        let response = send(SupabaseRequest(accessToken: nil, .auth(.signUp(email: email, password: "secret-1"))))
        XCTAssertEqual(response.status, 200)
        return (
            response.body["user"]!["id"]!.stringValue!, response.body["access_token"]!.stringValue!,
            response.body["refresh_token"]!.stringValue!
        )
    }

    func table(_ token: String?, _ request: TableRequest, from device: String = "phone-a") -> SupabaseResponse {
        send(SupabaseRequest(accessToken: token, .table(request)), from: device)
    }

    func insert(_ token: String?, _ table: String, _ rows: [Row], returning: Bool = false) -> SupabaseResponse {
        self.table(token, TableRequest(table: table, action: .insert(rows), returnRepresentation: returning))
    }

    func upsert(_ token: String?, _ table: String, _ rows: [Row], onConflict: [String]? = nil, ignore: Bool = false)
        -> SupabaseResponse
    {
        self.table(token, TableRequest(table: table, action: .upsert(rows, onConflict: onConflict, ignoreDuplicates: ignore), returnRepresentation: true))
    }

    func select(_ token: String?, _ table: String, _ filters: [RowFilter] = []) -> SupabaseResponse {
        self.table(token, TableRequest(table: table, action: .select, filters: filters))
    }
}

/// Fixed ids so tests read plainly.
enum IDs {
    static let row1 = "11111111-1111-4111-8111-111111111111"
    static let row2 = "22222222-2222-4222-8222-222222222222"
    static let parent = "33333333-3333-4333-8333-333333333333"
    static let child = "44444444-4444-4444-8444-444444444444"
    static let child2 = "55555555-5555-4555-8555-555555555555"
}
