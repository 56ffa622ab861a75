import Foundation
import SimHarness
import SimCore

/// `simrun bench --compare OLD`: the same `fuzz` command (one scenario, the same seeds and size,
/// one job) run by another simrun binary and by this one, alternately (old, new, new, old per
/// round, so a drift in the machine's load hits both alike), timed in child CPU seconds. Prints
/// per scenario the median of each side and the ratio new / old.
struct CompareBench {
    let name: String
    let oldSeconds: Double
    let newSeconds: Double
    /// Runs whose exit status was neither 0 (pass) nor 1 (an invariant failed), on either side.
    let errors: Int

    var ratio: Double { newSeconds / max(1e-9, oldSeconds) }
    /// Both sides have a time (a scenario the old binary lacks has none there).
    var isMeasured: Bool { !oldSeconds.isNaN && !newSeconds.isNaN }

    static func measure(scenario: String, old: String, new: String, seeds: Int, size: Int, rounds: Int) -> CompareBench {
        let arguments = ["fuzz", "--scenario", scenario, "--seeds", String(seeds), "--size", String(size), "--jobs", "1", "--json"]
        var olds: [Double] = [], news: [Double] = []
        var errors = 0
        func time(_ binary: String, into list: inout [Double]) {
            guard let run = CPUTime.child(binary, arguments), run.status <= 1 else { errors += 1; return }
            list.append(run.seconds)
        }
        for _ in 0..<max(1, rounds) {
            time(old, into: &olds)
            time(new, into: &news)
            time(new, into: &news)
            time(old, into: &olds)
        }
        return CompareBench(name: scenario, oldSeconds: median(olds), newSeconds: median(news), errors: errors)
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The path of the running simrun binary (the "new" side).
    static var selfPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    var line: String {
        let flag = errors > 0 ? "  (\(errors) runs did not finish normally)" : ""
        guard isMeasured else {
            let side = oldSeconds.isNaN ? "the old binary" : "this binary"
            return ScalingBench.pad(name, 46) + "not compared: no run of \(side) finished normally (a scenario it does not have?)" + flag
        }
        return ScalingBench.pad(name, 46) + String(format: "old %8.3f s   new %8.3f s   new/old %.3f", oldSeconds, newSeconds, ratio) + flag
    }

    var json: JSONValue {
        guard isMeasured else { return ["scenario": .string(name), "compared": false, "errors": .int(Int64(errors))] }
        return ["scenario": .string(name), "compared": true, "old_cpu_ms": .int(Int64(oldSeconds * 1000)), "new_cpu_ms": .int(Int64(newSeconds * 1000)),
                "ratio_permille": .int(Int64(ratio * 1000)), "errors": .int(Int64(errors))]
    }
}
