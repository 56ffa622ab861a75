import XCTest

/// Every kind of bad input is one line on stderr and exit 2, never a crash.
final class BadInputTests: XCTestCase {
    func testUnknownCommandSuggestsNearest() throws {
        try assertBadInput(["fuz"], mentions: "did you mean fuzz?")
    }

    func testUnknownFlagSuggestsNearest() throws {
        try assertBadInput(["--sed", "3", "--scenario", "x"], mentions: "did you mean --seed?")
    }

    func testUnknownAppSuggestsNearest() throws {
        try assertBadInput(["--seed", "1", "--scenario", "x", "--app", "swisscon"], mentions: "did you mean swisscoin?")
    }

    func testUnknownScenarioIsBadInput() throws {
        try assertBadInput(["--seed", "1", "--scenario", "no-such-scenario"], mentions: "unknown scenario 'no-such-scenario'")
        try assertBadInput(["--seed", "1", "--scenario", "selftest/uplod"], mentions: "did you mean upload?", selfTest: true)
    }

    func testUnknownVariantSuggestsNearest() throws {
        try assertBadInput(["--seed", "1", "--scenario", "selftest/upload", "--variant", "no-idempotency-ky"],
                           mentions: "did you mean no-idempotency-key?", selfTest: true)
    }

    func testMalformedAndOutOfRangeSeeds() throws {
        try assertBadInput(["--seed", "abc", "--scenario", "x"], mentions: "not a number")
        try assertBadInput(["--seed", "-1", "--scenario", "x"], mentions: "negative")
        try assertBadInput(["--seed", "18446744073709551616", "--scenario", "x"], mentions: "out of range")
        try assertBadInput(["--seed", "0x1ffffffffffffffff", "--scenario", "x"], mentions: "out of range")
        try assertBadInput(["--seed", "0xzz", "--scenario", "x"], mentions: "not a number")
    }

    func testMissingSeedAndScenario() throws {
        try assertBadInput(["run", "--scenario", "x"], mentions: "--seed S is required")
        try assertBadInput(["run", "--seed", "1"], mentions: "--scenario NAME is required")
    }

    func testSeedsWithFromIsRejected() throws {
        try assertBadInput(["seeds", "--seeds", "5", "--from", "1", "--to", "9"], mentions: "exclusive")
    }

    func testBadShardIsRejected() throws {
        for shard in ["0/3", "4/3", "1/0", "x", "1/2/3", "-1/2"] {
            try assertBadInput(["seeds", "--shard", shard], mentions: "--shard takes i/n")
        }
    }
}
