/// `simrun seeds --from A --to B --shard i/n` (hidden): prints the seeds a shard takes, one per
/// line, so the partitioning can be checked from outside the process.
enum SeedsCommand {
    /// Most seeds printed; a bound, since the range may be huge.
    static let printLimit = 1_000_000

    static func main(_ tokens: [String]) throws -> ExitCode {
        var args = Arguments(tokens)
        try args.rejectUnknownFlags(known: ["--from", "--to", "--seeds", "--shard"])
        let range = try SeedRange.parse(&args)
        try args.finish(known: ["--from", "--to", "--seeds", "--shard"])
        guard range.count <= printLimit else { throw UsageError("that shard has \(range.count) seeds; seeds prints at most \(printLimit)") }
        for k in 0..<range.count { Console.out(String(range.seed(at: k))) }
        return .passed
    }
}
