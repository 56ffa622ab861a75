import FakeCloud
import SimCore
import XCTest

/// The differential must catch a fake that disagrees with PostgreSQL, and report the shortest
/// failing prefix: here the fake's policy closure checks the owner while its SQL twin lets every
/// row through, so PostgreSQL shows users rows the fake hides.
final class MismatchDetectionTests: XCTestCase {
    static let broken = Fixture(name: "broken", backend: BackendDefinition { b in
        b.table("notes") { t in
            t.column("id", .uuid, .primaryKey)
            t.column("owner_id", .uuid, .notNull, .default(.authUID))
            t.column("body", .text)
            t.policy("notes_owner", .all, using: { row, context in
                context.uid.map { row["owner_id"] == .string($0) } ?? false
            }, reads: [], sql: PolicySQL(using: "true"))
        }
    }, ownerColumns: ["notes": "owner_id"])

    func testBrokenPolicyTwinIsCaughtWithTheShortestPrefix() throws {
        let database = try PostgresDatabase(socketDirectory: try PostgresServer.socketDirectory(), name: "simrun_broken", backend: Self.broken.backend)
        var found: Mismatch?
        for seed in UInt64(1)...20 {
            var run = DifferentialRun(fixture: Self.broken, database: database, seed: seed, length: 16)
            if let mismatch = try run.run() { found = mismatch; break }
        }
        let mismatch = try XCTUnwrap(found, "20 seeds never noticed a policy that lets every row through")
        print("caught, as it must be (deliberately broken fixture):\n\(mismatch)")
        // Replaying the prefix alone fails at its last step; without that step it passes.
        var replay = DifferentialRun(fixture: Self.broken, database: database, seed: mismatch.seed, length: 0)
        let again = try replay.run { _ in mismatch.prefix }
        XCTAssertEqual(again?.step, mismatch.prefix.count - 1)
        var shorter = DifferentialRun(fixture: Self.broken, database: database, seed: mismatch.seed, length: 0)
        XCTAssertNil(try shorter.run { _ in Array(mismatch.prefix.dropLast()) })
    }
}
