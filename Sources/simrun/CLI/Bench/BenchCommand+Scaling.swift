import Foundation
import SimHarness
import SimCore

extension BenchCommand {
    /// `bench --only scaling`: the table of CPU seconds per seed by size, with the ratios the
    /// linear-scaling target bounds.
    static func scaling(options: BenchOptions, json: Bool) -> ExitCode {
        if !json {
            Console.out("scaling: \(options.seeds) seeds per size, CPU time of this thread; target: size 4 ≤ 4.5 × size 1, size 8 ≤ 9.5 × size 1 (ok); cpu/work = CPU ×last/first over work ×last/first ≤ 1.3 (flat)")
            Console.out(ScalingBench.header(sizes: options.sizes))
        }
        var results: [ScalingBench] = []
        for scenario in options.scenarios {
            let result = ScalingBench.measure(scenario, sizes: options.sizes, seeds: options.seeds)
            if !json { Console.out(result.line(sizes: options.sizes)) }
            results.append(result)
        }
        if json { Console.out(JSONValue.object(["scaling": .array(results.map { $0.json(sizes: options.sizes) })]).canonicalText) }
        return .passed
    }

    static func scalingResults(_ options: BenchOptions) -> [ScalingBench] {
        options.scenarios.map { ScalingBench.measure($0, sizes: options.sizes, seeds: options.seeds) }
    }

    /// `bench --compare OLD`: this binary against another, side by side, per scenario.
    static func compare(old: String, options: BenchOptions, json: Bool) throws -> ExitCode {
        guard FileManager.default.isExecutableFile(atPath: old) else { throw UsageError("--compare: \(old) is not an executable") }
        let new = CompareBench.selfPath
        if !json {
            Console.out("compare: fuzz --seeds \(options.seeds) --size \(options.size) --jobs 1, \(options.rounds) rounds of old,new,new,old; child CPU seconds (median)")
            Console.out("old: \(old)\nnew: \(new)")
        }
        var results: [CompareBench] = []
        for scenario in options.scenarios {
            let name = "\(scenario.app)/\(scenario.name)"
            let result = CompareBench.measure(scenario: name, old: old, new: new, seeds: options.seeds, size: options.size, rounds: options.rounds)
            if !json { Console.out(result.line) }
            results.append(result)
        }
        // The total covers the scenarios both binaries ran.
        let compared = results.filter(\.isMeasured)
        let oldTotal = compared.reduce(0) { $0 + $1.oldSeconds }, newTotal = compared.reduce(0) { $0 + $1.newSeconds }
        if json {
            Console.out(JSONValue.object(["compare": .array(results.map(\.json)),
                                          "total_ratio_permille": .int(Int64(newTotal / max(1e-9, oldTotal) * 1000))]).canonicalText)
        } else {
            Console.out(String(format: "total (%d compared)                           old %8.3f s   new %8.3f s   new/old %.3f",
                               compared.count, oldTotal, newTotal, newTotal / max(1e-9, oldTotal)))
        }
        return .passed
    }
}
