/// A contiguous, inclusive range of seeds and the shard of it this process takes.
///
/// Shard i of n takes positions p (0-based offsets from `from`) with p % n == i-1, so the n shards
/// of a range cover it exactly once and interleave (each shard sees early and late seeds).
struct SeedRange: Equatable {
    let from: UInt64
    let to: UInt64
    let shardIndex: Int
    let shardCount: Int

    /// The largest range accepted (so positions fit in an Int and a run is bounded).
    static let maxPositions: UInt64 = 1 << 40

    init(from: UInt64, to: UInt64, shard: (index: Int, count: Int) = (1, 1)) throws {
        guard from <= to else { throw UsageError("--from \(from) is after --to \(to)") }
        guard to - from < Self.maxPositions else { throw UsageError("seed range \(from)…\(to) is too large (at most \(Self.maxPositions) seeds)") }
        precondition((1...shard.count).contains(shard.index), "shard index out of range")
        self.from = from
        self.to = to
        self.shardIndex = shard.index
        self.shardCount = shard.count
    }

    /// Positions in the whole range.
    var totalPositions: Int { Int(to - from) + 1 }

    /// Seeds this shard takes.
    var count: Int {
        let first = shardIndex - 1
        return first >= totalPositions ? 0 : (totalPositions - first + shardCount - 1) / shardCount
    }

    /// The k-th seed of this shard (0 ≤ k < count).
    func seed(at k: Int) -> UInt64 {
        precondition(k >= 0 && k < count, "shard position out of range")
        return from + UInt64(k * shardCount + shardIndex - 1)
    }

    /// Reads `--seeds N` or `--from A --to B` (not both), and `--shard i/n`. Default: seeds 1…100.
    static func parse(_ args: inout Arguments, defaultCount: Int = 100) throws -> SeedRange {
        let seedsText = try args.option("--seeds")
        let fromText = try args.option("--from")
        let toText = try args.option("--to")
        let shard = try args.option("--shard").map(Values.shard) ?? (1, 1)
        if seedsText != nil && toText != nil { throw UsageError("--seeds and --from/--to are exclusive: give a count or a range") }
        let from = try fromText.map(Values.seed) ?? 1
        if let toText {
            return try SeedRange(from: from, to: try Values.seed(toText), shard: shard)
        }
        if fromText != nil && seedsText == nil { throw UsageError("--from needs --to (or --seeds N)") }
        let count = try seedsText.map { try Values.count($0, flag: "--seeds", range: 1...Int(maxPositions)) } ?? defaultCount
        let (to, overflow) = from.addingReportingOverflow(UInt64(count - 1))
        guard !overflow else { throw UsageError("--from \(from) with --seeds \(count) passes the largest 64-bit seed") }
        return try SeedRange(from: from, to: to, shard: shard)
    }
}
