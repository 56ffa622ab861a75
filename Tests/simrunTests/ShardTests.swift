import XCTest

/// `--shard i/n` partitions a seed range: every seed exactly once across the shards, round robin.
final class ShardTests: XCTestCase {
    func seeds(_ arguments: [String]) throws -> [UInt64] {
        let result = try SimrunProcess.run(["seeds"] + arguments)
        XCTAssertEqual(result.code, 0, result.stderr)
        return result.stdout.split(separator: "\n").compactMap { UInt64($0) }
    }

    func testShardsCoverTheRangeExactlyOnce() throws {
        for (from, to, count) in [(1, 10, 3), (5, 5, 4), (0, 99, 7), (1, 3, 5)] {
            var all: [UInt64] = []
            for index in 1...count {
                all += try seeds(["--from", String(from), "--to", String(to), "--shard", "\(index)/\(count)"])
            }
            XCTAssertEqual(all.sorted(), (UInt64(from)...UInt64(to)).map { $0 }, "\(from)…\(to) in \(count) shards")
        }
    }

    func testShardIsRoundRobin() throws {
        XCTAssertEqual(try seeds(["--from", "1", "--to", "10", "--shard", "2/3"]), [2, 5, 8])
        XCTAssertEqual(try seeds(["--from", "0x10", "--to", "0x13"]), [16, 17, 18, 19])
    }

    func testDefaultIsOneHundredSeedsFromOne() throws {
        XCTAssertEqual(try seeds([]), (1...100).map { UInt64($0) })
        XCTAssertEqual(try seeds(["--seeds", "3", "--from", "18446744073709551613"]), [18446744073709551613, 18446744073709551614, 18446744073709551615])
    }

    func testRangePastTheLargestSeedIsRejected() throws {
        try assertBadInput(["seeds", "--seeds", "4", "--from", "18446744073709551613"], mentions: "largest 64-bit seed")
    }
}
