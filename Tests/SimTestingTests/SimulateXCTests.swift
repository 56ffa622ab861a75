import Foundation
import SimCore
import SimTesting
import XCTest

/// The helper from XCTest: a passing fake passes every seed, a failing fake fails at its first
/// failing seed with the invariant, the trace's end and a reproduce line that runs that seed.
final class SimulateXCTests: XCTestCase {
    func testKeyedUploadPassesEverySeed() throws {
        try simulate(seeds: 1...60) { sim in try LedgerUpload.check(sim, keyed: true) }
    }

    func testAsyncFormPassesEverySeed() async throws {
        try simulate(seeds: 1...60) { sim in try await LedgerUpload.drive(sim, keyed: true) }
    }

    /// A failure shows what happened to its entity, not only the run's tail: the records that
    /// name the first violation's entity before the last 20 (which here are all healing).
    func testAFailureShowsTheRecordsNamingItsEntityBeforeTheTail() throws {
        XCTAssertThrowsError(try simulate(seeds: 1...1, environmentOverrides: false) { sim in
            let phone = sim.addDevice("phone")
            try sim.run { _ in
                phone.launch { context in
                    context.record("app write note-7")
                    context.record("app push note-7 answered 503")
                    for step in 0..<40 { context.record("heal step \(step)") }
                }
                await phone.waitUntilStopped()
            }
            try expectNoViolations([Violation(invariant: "no-loss", message: "1 of 12 notes are gone",
                                              entities: [EntityDiff(entity: "note note-7", location: "server", expected: "present", actual: "missing")])])
        }) { error in
            let failure = error as? SimulationFailure
            XCTAssertEqual(failure?.entityIds, ["note-7"])
            XCTAssertEqual(failure?.aboutEntity.map { String($0.split(separator: " ", maxSplits: 1)[1]) },
                           ["phone app write note-7", "phone app push note-7 answered 503"])
            XCTAssertFalse(failure?.traceTail.contains { $0.contains("note-7") } ?? true, "the tail is the healing")
            XCTAssertTrue(failure?.description.contains("trace records naming note-7") ?? false, "\(error)")
        }
    }

    /// With `SIMRUN_SEEDS` set, a test runs the environment's seeds unless it opts out (a
    /// must-catch test keeps its own range).
    func testAMustCatchTestKeepsItsRangeWhenTheEnvironmentNarrowsIt() throws {
        setenv(SeedSelection.rangeVariable, "7-8", 1)
        defer { unsetenv(SeedSelection.rangeVariable) }
        let ran = SeedLog()
        try simulate(seeds: 1...3) { sim in ran.append(sim.seed) }
        XCTAssertEqual(ran.seeds, [7, 8], "overridden by the environment")
        let kept = SeedLog()
        try simulate(seeds: 1...3, environmentOverrides: false) { sim in kept.append(sim.seed) }
        XCTAssertEqual(kept.seeds, [1, 2, 3], "opted out")
    }

    func testUnkeyedUploadFailsWithSeedInvariantTraceAndReproduceLine() throws {
        // Start at a seed that passes, so "stops at the first failure" is seen after passing seeds.
        let start = try XCTUnwrap((UInt64(1)...300).first { seed in
            (try? simulate(seed: seed) { sim in try LedgerUpload.check(sim, keyed: false) }) != nil
        })
        let failure = try firstFailure(seeds: start...(start + 300)) { sim in try LedgerUpload.check(sim, keyed: false) }
        XCTAssertEqual(failure.invariant, "no-duplicate")
        XCTAssertEqual(failure.reproduce, "SIMRUN_SEED=\(failure.seed) swift test --filter testUnkeyedUploadFailsWithSeedInvariantTraceAndReproduceLine")
        XCTAssertEqual(failure.traceTail.count, 20)
        XCTAssertNil(failure.nondeterminism)
        XCTAssertGreaterThan(failure.seed, start)
        XCTAssertEqual(failure.seedsPassed, Int(failure.seed - start))
        XCTAssertTrue(failure.description.contains("invariant no-duplicate: the ledger holds"))
        XCTAssertTrue(failure.description.contains("reproduce: SIMRUN_SEED=\(failure.seed) swift test"))
        // The seeds before it pass; the reproduce line's environment runs that seed alone, which fails the same way.
        try simulate(seeds: start...(failure.seed - 1)) { sim in try LedgerUpload.check(sim, keyed: false) }
        let assignment = try XCTUnwrap(failure.reproduce.split(separator: " ").first).split(separator: "=")
        let only = try SeedSelection.resolve(1...300, environment: [String(assignment[0]): String(assignment[1])])
        XCTAssertEqual(only, failure.seed...failure.seed)
        let again = try firstFailure(seeds: only) { sim in try LedgerUpload.check(sim, keyed: false) }
        XCTAssertEqual(again.seed, failure.seed)
        XCTAssertEqual(again.message, failure.message)
        XCTAssertEqual(again.traceTail, failure.traceTail)
    }

    func testAsyncFormReportsTheFailingSeed() async throws {
        do {
            try simulate(seeds: 1...300) { sim in try await LedgerUpload.drive(sim, keyed: false) }
            XCTFail("the unkeyed upload passed 300 seeds")
        } catch let failure as SimulationFailure {
            XCTAssertEqual(failure.invariant, "no-duplicate")
            XCTAssertTrue(failure.reproduce.hasSuffix("swift test --filter testAsyncFormReportsTheFailingSeed"), failure.reproduce)
            XCTAssertTrue(failure.traceTail.contains { $0.contains("phone") }, "\(failure.traceTail)")
        }
    }

    func testABodyThatDependsOnMoreThanTheSeedIsCalledNondeterministic() throws {
        let calls = Counter()
        let failure = try firstFailure(seeds: 5...5) { _ in
            calls.value += 1
            try expectInvariant(calls.value > 1, "first-call", "fails only the first time")
        }
        XCTAssertEqual(failure.nondeterminism, "the same seed passed when re-run with the trace on")
        XCTAssertTrue(failure.description.contains("NOT DETERMINISTIC"))
    }

    func testAStallIsAHarnessFailure() throws {
        let failure = try firstFailure(seeds: 1...3) { sim in
            try sim.run { _ in await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in } }
        }
        XCTAssertEqual(failure.invariant, "harness")
        XCTAssertTrue(failure.message.contains("stall"), failure.message)
        XCTAssertEqual(failure.seed, 1)
    }

    func testAnyOtherErrorIsReportedWithItsType() throws {
        struct Broken: Error {}
        let failure = try firstFailure(seeds: 1...3) { _ in throw Broken() }
        XCTAssertEqual(failure.invariant, "error")
        XCTAssertTrue(failure.message.hasPrefix("Broken"), failure.message)
    }

    /// The failure `simulate` throws; fails the test if it passes.
    func firstFailure(seeds: ClosedRange<UInt64>, test: String = #function, _ body: (Simulator) throws -> Void) throws -> SimulationFailure {
        do {
            try simulate(seeds: seeds, test: test, body)
        } catch let failure as SimulationFailure {
            return failure
        }
        throw XCTSkip("unreachable: expected a failure in \(seeds)")
    }
}

/// A counter a test body mutates (the body is not Sendable-checked; tests run it on one thread).
final class Counter: @unchecked Sendable {
    var value = 0
}

/// The seeds a test's body saw.
final class SeedLog: @unchecked Sendable {
    private(set) var seeds: [UInt64] = []
    func append(_ seed: UInt64) { seeds.append(seed) }
}
