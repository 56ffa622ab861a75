import FakeCloud
import SimCore
import XCTest

/// design.md's table of verified PostgreSQL 15 behaviour ("user B acting on user A's row" under an
/// owner policy), reproduced on the real server by the differential: PostgreSQL must answer each
/// line as the table says, and the fake must answer as PostgreSQL does.
final class DesignTableTests: XCTestCase {
    static let rowOfA = "0000aaaa-0000-4000-8000-000000000001"

    func testDesignTableHoldsOnPostgresAndTheFakeAgrees() throws {
        let database = try PostgresDatabase(socketDirectory: try PostgresServer.socketDirectory(), name: "simrun_design", backend: Fixture.design.backend)
        var run = DifferentialRun(fixture: .design, database: database, seed: 1, length: 0)
        let mismatch = try run.run { fake in
            let a = fake.actors[0].uid!, b = fake.actors[1].uid!
            let id = JSONValue.string(Self.rowOfA)
            return [
                Step(actor: 0, request: TableRequest(table: "t", action: .insert([["id": id, "owner_id": .string(a), "name": "mine"]]))),
                Step(actor: 1, request: TableRequest(table: "t", action: .select, filters: [.eq("id", id)])),
                Step(actor: 1, request: TableRequest(table: "t", action: .update(["name": "stolen"]), filters: [.eq("id", id)], returnRepresentation: true)),
                Step(actor: 1, request: TableRequest(table: "t", action: .insert([["id": id, "owner_id": .string(b)]]))),
                Step(actor: 1, request: TableRequest(table: "t", action: .upsert([["id": id, "owner_id": .string(b)]], onConflict: nil, ignoreDuplicates: false))),
                Step(actor: 1, request: TableRequest(table: "t", action: .upsert([["id": id, "owner_id": .string(b)]], onConflict: nil, ignoreDuplicates: true), returnRepresentation: true)),
                Step(actor: 1, request: TableRequest(table: "t", action: .delete, filters: [.eq("id", id)], returnRepresentation: true)),
            ]
        }
        XCTAssertNil(mismatch, mismatch.map(String.init(describing:)) ?? "")
        let answers = run.postgresAnswers.map { "\($0.status) \($0.code ?? "-") \($0.rows.map { "rows=\($0.count)" } ?? "")" }
        XCTAssertEqual(answers, [
            "201 - ",  // A's own row
            "200 - rows=0",  // select: invisible
            "200 - rows=0",  // update … where id = A's row: UPDATE 0, no error
            "409 23505 ",  // insert with A's primary key: duplicate key
            "403 42501 ",  // on conflict (id) do update: USING expression
            "201 - rows=0",  // on conflict do nothing: INSERT 0 0
            "200 - rows=0",  // delete: DELETE 0
        ])
        XCTAssertEqual(run.postgresAnswers[4].message, "new row violates row-level security policy (USING expression) for table \"t\"")
    }
}
