import FakeCloud
import SimCore
import XCTest

/// Each documented difference (`KnownDifference`) still holds on the real server: if the fake or
/// PostgreSQL changes, these fail and the documentation must change with them.
final class KnownDifferenceTests: XCTestCase {
    func run(_ fixture: Fixture, _ build: @escaping (FakeSide) -> [Step]) throws -> DifferentialRun {
        let database = try PostgresDatabase(socketDirectory: try PostgresServer.socketDirectory(), name: "simrun_known", backend: fixture.backend)
        var run = DifferentialRun(fixture: fixture, database: database, seed: 1, length: 0)
        _ = try run.run(build)
        return run
    }

    func testPatchWithBadBodyAndNoTargetRowIsTheKnownDifference() throws {
        let request = TableRequest(
            table: "products", action: .update(["qty": "x"]), filters: [.eq("id", "00000000-0000-4000-8000-000000000001")],
            returnRepresentation: true)
        let run = try run(.catalog) { _ in [Step(actor: 0, request: request)] }
        XCTAssertEqual(run.postgresAnswers[0].status, 200)
        XCTAssertEqual(run.fakeAnswers[0].code, "22P02")
        XCTAssertTrue(KnownDifference.patchBodyWithoutTargetRow.explains(request, run.postgresAnswers[0], run.fakeAnswers[0]))
    }

    func testNonISODateTextIsReadByPostgresButRefusedByTheFake() throws {
        let insert = { (day: String) in
            TableRequest(table: "products", action: .insert([["id": "00000000-0000-4000-8000-000000000001", "sku": "a", "released": .string(day)]]))
        }
        let run = try run(.catalog) { _ in [Step(actor: 0, request: insert("31.01.2025")), Step(actor: 0, request: insert("2025-1-5"))] }
        XCTAssertEqual(run.postgresAnswers.map(\.code), ["22008", nil])  // DateStyle MDY: month 31; then accepted
        XCTAssertEqual(run.fakeAnswers.map(\.code), ["22007", "22007"])
        XCTAssertTrue(KnownDifference.nonISODateRejected.explains(insert("31.01.2025"), run.postgresAnswers[0], run.fakeAnswers[0]))
    }
}
