import FakeCloud
import Foundation
import SimCore
import XCTest

/// The fake Supabase held to a real PostgreSQL 15 (issue 20). Needs a server: set
/// SIMRUN_PG_SOCKET_DIR to the directory of its Unix socket (Scripts/postgres-test.sh does it all);
/// without it every test skips with one line.
///
/// SIMRUN_PG_SEQUENCES (default 500) random sequences are split across the fixtures, starting at
/// seed SIMRUN_PG_FIRST_SEED (default 1); each sequence is SIMRUN_PG_STEPS (default 16) requests.
final class PostgresDifferentialTests: XCTestCase {
    /// Runs `count` sequences of `fixture` from `firstSeed`, failing with the first mismatch.
    func runSequences(_ fixture: Fixture, count: UInt64, firstSeed: UInt64) throws -> Set<String> {
        let database = try PostgresDatabase(socketDirectory: try PostgresServer.socketDirectory(), name: "simrun_\(fixture.name)", backend: fixture.backend)
        let length = Int(PostgresServer.setting("SIMRUN_PG_STEPS", default: 16))
        var observed: Set<String> = []
        var known: [String: Int] = [:]
        var mismatches = 0
        for seed in firstSeed..<(firstSeed + count) {
            var run = DifferentialRun(fixture: fixture, database: database, seed: seed, length: length)
            if let mismatch = try run.run() {
                mismatches += 1
                print(mismatch)
                if mismatches >= 3 { break }
            }
            observed.formUnion(run.observed)
            known.merge(run.knownHits, uniquingKeysWith: +)
        }
        let knownText = known.keys.sorted().map { "\($0)×\(known[$0]!)" }.joined(separator: ", ")
        print("differential \(fixture.name): \(count) sequences from seed \(firstSeed), \(mismatches) mismatches; known differences: \(knownText.isEmpty ? "none" : knownText)")
        XCTAssertEqual(mismatches, 0, "fixture \(fixture.name): see MISMATCH lines above")
        return observed
    }
}

extension PostgresDifferentialTests {
    /// Every (status, code) the fake's table path can answer, each of which must have come from the
    /// real server in this run (PGRST204 comes from the PostgREST layer `PostgrestQuery` mirrors).
    static let requiredOutcomes: [String] = [
        "200 -", "201 -", "204 -", "400 22P02", "400 22007", "400 22008", "400 22003", "400 23502", "400 21000",
        "400 42703", "400 42P10", "400 PGRST204", "401 42501", "403 42501", "404 42P01", "409 23503", "409 23505",
    ]

    func testRandomSequencesAgreeWithPostgresAndCoverEveryOutcome() throws {
        _ = try PostgresServer.socketDirectory()
        let total = PostgresServer.setting("SIMRUN_PG_SEQUENCES", default: 500)
        let first = PostgresServer.setting("SIMRUN_PG_FIRST_SEED", default: 1)
        let fixtures: [(Fixture, UInt64)] = [(.ledger, 4), (.catalog, 3), (.swissCoin, 3)]
        var observed: Set<String> = []
        for (fixture, share) in fixtures {
            let count = max(1, total * share / 10)
            observed.formUnion(try runSequences(fixture, count: count, firstSeed: first))
        }
        print("observed from PostgreSQL: \(observed.sorted().joined(separator: ", "))")
        if total >= 100 {
            let missing = Self.requiredOutcomes.filter { !observed.contains($0) }
            XCTAssertEqual(missing, [], "outcomes the fake can answer that the real server never gave in this run")
        }
    }
}
