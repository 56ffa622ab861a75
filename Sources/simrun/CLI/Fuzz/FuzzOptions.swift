import Foundation

/// Everything `simrun fuzz` was asked for, parsed and checked before the campaign starts.
struct FuzzOptions {
    static let flags = ["--scenario", "--app", "--variant", "--seeds", "--from", "--to", "--time-budget", "--jobs",
                        "--shard", "--size", "--policy", "--json", "--junit", "--require-coverage", "--help"]

    var range: SeedRange
    var budgetSeconds: Int?
    var jobs: Int
    var targets: [Target]
    var settings: RunSettings
    var json: Bool
    var junit: String?
    var requireCoverage: Bool

    static func parse(_ tokens: [String]) throws -> FuzzOptions {
        var args = Arguments(tokens)
        try args.rejectUnknownFlags(known: flags)
        let budget = try args.option("--time-budget").map(Values.duration)
        if budget != nil && args.tokens.contains(where: { $0 == "--seeds" || $0 == "--to" || $0.hasPrefix("--seeds=") || $0.hasPrefix("--to=") }) {
            throw UsageError("--time-budget and --seeds/--to are exclusive")
        }
        let range = budget == nil ? try SeedRange.parse(&args) : try budgetRange(&args)
        guard range.count > 0 else {
            throw UsageError("--shard \(range.shardIndex)/\(range.shardCount) of seeds \(range.from)…\(range.to) (\(range.totalPositions) seeds) selects no seed: use at most \(range.totalPositions) shards")
        }
        let jobs = try args.option("--jobs").map { try Values.count($0, flag: "--jobs", range: 1...256) } ?? 1
        let targets = try Selection.parse(&args, required: false, allowAll: true)
        let settings = try RunSettings.parse(&args)
        let json = try args.flag("--json")
        let junit = try args.option("--junit")
        let requireCoverage = try args.flag("--require-coverage")
        try args.finish(known: flags)
        if let junit { try Console.checkWritable(junit, what: "JUnit file") }
        return FuzzOptions(range: range, budgetSeconds: budget, jobs: jobs, targets: targets, settings: settings,
                           json: json, junit: junit, requireCoverage: requireCoverage)
    }

    /// For `--time-budget`: from `--from` (default 1) to the end of the seed space, sharded.
    static func budgetRange(_ args: inout Arguments) throws -> SeedRange {
        let from = try args.option("--from").map(Values.seed) ?? 1
        let shard = try args.option("--shard").map(Values.shard) ?? (1, 1)
        let to = from &+ (SeedRange.maxPositions - 1) < from ? UInt64.max : from + SeedRange.maxPositions - 1
        return try SeedRange(from: from, to: to, shard: shard)
    }

    /// The seed range flags that resume a campaign after `positions` completed seed positions.
    func resumeFlags(afterPositions positions: Int) -> String {
        let next = range.from + UInt64(positions) * UInt64(range.shardCount)
        let shard = range.shardCount > 1 ? " --shard \(range.shardIndex)/\(range.shardCount)" : ""
        if let budgetSeconds { return "--from \(next)\(shard) --time-budget \(budgetSeconds)s" }
        return "--from \(next) --to \(range.to)\(shard)"
    }
}
