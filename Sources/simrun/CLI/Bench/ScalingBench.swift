import Foundation
import SimHarness
import SimCore

/// How a scenario's cost grows with its dataset: CPU seconds per seed at each size (the same
/// seeds at every size), and the ratios to the smallest size that the linear-scaling target
/// bounds (issue 19: size 4 at most 4.5 × size 1, size 8 at most 9.5 ×). Beside them, how the
/// number of kernel events per seed (requests, timers, task hops) grows from the first size to the
/// largest: above the size ratio, the app itself makes more than linear calls (a migration that
/// restarts from the beginning after a failure does, when the chance of a failure grows with the
/// data). A request that carries more rows counts once, so this is no measure of rows.
///
/// The cost per unit of work (issue 45) is the CPU ratio over the work ratio, largest size to
/// first: at most 1.3 when a unit of simulated work costs about the same whatever the data. When
/// the work itself grows past 9.5 × (size 8 over size 1), the table says so on a line of its own:
/// the app makes superlinear requests, its own growth, which no speed-up of ours removes.
struct ScalingBench {
    /// The sizes measured and the largest ratio to the first size each may reach.
    static let sizes = [1, 2, 4, 8]
    static let limits: [Int: Double] = [4: 4.5, 8: 9.5]
    /// The largest CPU ratio over work ratio (largest size to first) that counts as flat.
    static let costPerWorkLimit = 1.3
    /// The work ratio above which the app's own requests grow faster than its data.
    static let superlinearWork = 9.5

    let name: String
    /// CPU seconds per seed, by position in `sizes`.
    let secondsPerSeed: [Double]
    /// Kernel events per seed, by position in `sizes`.
    let eventsPerSeed: [Double]
    let failures: Int

    /// Runs every seed at every size, the sizes of one seed one after another (seed 1 at each
    /// size, then seed 2, …): what the process ran before (its heap, its caches) then weighs on
    /// every size about alike, instead of only on the sizes measured last. Not exactly alike:
    /// within a seed the sizes still run in `sizes` order.
    static func measure(_ scenario: any AppScenario, sizes: [Int], seeds: Int) -> ScalingBench {
        let variant = AppCatalog.app(named: scenario.app)?.defaultVariant ?? "fixed"
        let runners = sizes.map { size in
            var runner = ScenarioRunner()
            runner.size = size
            return runner
        }
        var seconds = [Double](repeating: 0, count: sizes.count), events = [Int](repeating: 0, count: sizes.count)
        var failures = 0
        for seed in 1...max(1, seeds) {
            for (slot, runner) in runners.enumerated() {
                let start = CPUTime.thread()
                let report = runner.run(scenario, variant: variant, seed: UInt64(seed))
                seconds[slot] += CPUTime.thread() - start
                events[slot] += report.events
                if !report.outcome.passed { failures += 1 }
            }
        }
        let count = Double(max(1, seeds))
        return ScalingBench(name: "\(scenario.app)/\(scenario.name)", secondsPerSeed: seconds.map { $0 / count },
                            eventsPerSeed: events.map { Double($0) / count }, failures: failures)
    }

    /// The ratio of each size's cost to the first size's.
    var ratios: [Double] { secondsPerSeed.map { $0 / max(1e-9, secondsPerSeed[0]) } }

    /// Events per seed at the largest size over the first (the growth of the simulated work).
    var workRatio: Double { (eventsPerSeed.last ?? 0) / max(1, eventsPerSeed.first ?? 0) }

    /// CPU ratio over work ratio, largest size to first: how the cost of one unit of work grows.
    var costPerWorkRatio: Double { (ratios.last ?? 1) / max(1e-9, workRatio) }

    /// Whether the cost per unit of work stays flat (within `costPerWorkLimit`).
    var costPerWorkFlat: Bool { costPerWorkRatio <= Self.costPerWorkLimit }

    /// Whether every bounded ratio is within its limit.
    func withinLimits(sizes: [Int]) -> Bool {
        zip(sizes, ratios).allSatisfy { size, ratio in ratio <= (Self.limits[size] ?? .infinity) }
    }

    static func header(sizes: [Int]) -> String {
        let columns = sizes.map { pad("size \($0)", 10) }.joined()
        let ratios = sizes.dropFirst().map { pad("×\($0)/\(sizes[0])", 8) }.joined()
        let work = sizes.count > 1 ? pad("work ×\(sizes.last!)/\(sizes[0])", 12) + pad("cpu/work", 10) : ""
        return pad("scenario (CPU s per seed)", 46) + columns + ratios + work + "target"
    }

    func line(sizes: [Int]) -> String {
        let columns = secondsPerSeed.map { Self.pad(String(format: "%.3f", $0), 10) }.joined()
        let ratioColumns = ratios.dropFirst().map { Self.pad(String(format: "%.2f", $0), 8) }.joined()
        let work = sizes.count > 1
            ? Self.pad(String(format: "%.2f", workRatio), 12) + Self.pad(String(format: "%.2f", costPerWorkRatio), 10) : ""
        let verdict = (withinLimits(sizes: sizes) ? "ok" : "OVER") + (sizes.count > 1 ? (costPerWorkFlat ? ", flat" : ", STEEP") : "")
        let failing = failures > 0 ? " (\(failures) failing runs)" : ""
        var text = Self.pad(name, 46) + columns + ratioColumns + work + verdict + failing
        if let note = superlinearNote(sizes: sizes) { text += "\n" + note }
        return text
    }

    /// The line under a scenario whose work grows past `superlinearWork` from size 1 to size 8
    /// (nil otherwise, and when the sizes are not 1 … 8).
    func superlinearNote(sizes: [Int]) -> String? {
        guard sizes.first == 1, sizes.last == 8, workRatio > Self.superlinearWork else { return nil }
        return String(repeating: " ", count: 4) + String(format: "↳ work ×%.1f for data ×8: the app makes superlinear requests (app's own growth)", workRatio)
    }

    func json(sizes: [Int]) -> JSONValue {
        ["scenario": .string(name), "sizes": .array(sizes.map { .int(Int64($0)) }),
         "cpu_microseconds_per_seed": .array(secondsPerSeed.map { .int(Int64($0 * 1e6)) }),
         "ratio_permille": .array(ratios.map { .int(Int64($0 * 1000)) }),
         "events_per_seed": .array(eventsPerSeed.map { .int(Int64($0.rounded())) }),
         "cost_per_work_permille": .int(Int64(costPerWorkRatio * 1000)), "cost_per_work_flat": .bool(costPerWorkFlat),
         "superlinear_work": .bool(superlinearNote(sizes: sizes) != nil),
         "within_limits": .bool(withinLimits(sizes: sizes)), "failures": .int(Int64(failures))]
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
