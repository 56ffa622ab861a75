@testable import FakeCloud
import SimCore

/// The fake Supabase project under test, with its users signed up, answering the same requests as
/// the real server at virtual times one second and a few microseconds apart.
final class FakeSide {
    let server: SupabaseServer
    private(set) var actors: [Actor] = []
    private(set) var nanoseconds: Int64 = 0
    private var requestNumber: UInt64 = 0
    private let trace = Trace()

    /// A fresh project for `backend`, `users` users signed up, then the anonymous and service actors.
    init(backend: BackendDefinition, seed: UInt64, users: Int) {
        server = SupabaseServer(backend: backend, random: SimRandom(seed: seed).fork("fake"))
        for index in 0..<users {
            let response = send(SupabaseRequest(accessToken: nil, .auth(.signUp(email: "user\(index)@example.com", password: "secret-1"))))
            precondition(response.status == 200, "sign-up failed: \(response.body)")
            let id = response.body["user"]!["id"]!.stringValue!, token = response.body["access_token"]!.stringValue!
            actors.append(Actor(role: .authenticated, uid: id, token: token, name: "user\(index)"))
        }
        actors.append(Actor(role: .anon, uid: nil, token: nil, name: "anon"))
        actors.append(Actor(role: .serviceRole, uid: nil, token: server.config.serviceRoleKey, name: "service"))
    }

    /// `now()` as PostgreSQL should see it for the next request.
    var nowText: String {
        CivilTime.timestampText(micros: server.config.epochMicros + nanoseconds / 1000)
    }

    /// Advances virtual time (1 s and 7 µs, so instants carry a fraction) and sends `request`.
    func execute(_ request: TableRequest, as actor: Actor) -> SupabaseResponse {
        send(SupabaseRequest(accessToken: actor.token, .table(request)))
    }

    /// Moves the clock to the next request's instant.
    func tick() { nanoseconds += 1_000_007_000 }

    /// Every table's rows as `actor` sees them (a select without filters).
    func visible(to actor: Actor) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for table in server.backend.tables {
            out[table.name] = execute(TableRequest(table: table.name, action: .select), as: actor).body
        }
        return out
    }

    /// Every stored row, RLS not applied.
    func allRows() -> [String: [Row]] {
        var out: [String: [Row]] = [:]
        for table in server.backend.tables { out[table.name] = server.admin.rows(table.name) }
        return out
    }

    private func send(_ request: SupabaseRequest) -> SupabaseResponse {
        requestNumber += 1
        let context = ServiceContext(now: SimInstant(nanoseconds: nanoseconds), caller: "differential", requestNumber: requestNumber, trace: trace)
        return server.handle(request, context: context)
    }
}
