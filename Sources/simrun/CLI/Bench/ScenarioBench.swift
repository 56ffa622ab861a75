import Foundation
import SimHarness
import SimCore

/// Throughput of one catalogue scenario (default variant): seeds per wall second and virtual
/// seconds simulated per wall second, over a bounded number of seeds and a time slice.
struct ScenarioBench {
    let name: String
    let seeds: Int
    let seedsPerSecond: Double
    let virtualPerWall: Double
    let failures: Int

    static func measure(_ scenario: any AppScenario, sizes: BenchSizes) -> ScenarioBench {
        let variant = AppCatalog.app(named: scenario.app)?.defaultVariant ?? "fixed"
        var runner = ScenarioRunner()
        runner.size = sizes.scenarioSize
        let start = ContinuousClock().now
        var virtual: Int64 = 0
        var seeds = 0, failures = 0
        // Bounded twice: by seed count and by the time slice.
        while seeds < sizes.scenarioMaxSeeds && KernelBench.seconds(ContinuousClock().now - start) < sizes.scenarioSeconds {
            seeds += 1
            let report = runner.run(scenario, variant: variant, seed: UInt64(seeds))
            virtual += report.virtualNanoseconds
            if !report.outcome.passed { failures += 1 }
        }
        let wall = max(1e-9, KernelBench.seconds(ContinuousClock().now - start))
        return ScenarioBench(name: "\(scenario.app)/\(scenario.name)", seeds: seeds, seedsPerSecond: Double(seeds) / wall,
                             virtualPerWall: Double(virtual) / 1e9 / wall, failures: failures)
    }

    var line: String {
        String(format: "%@  %.1f seeds/s, %.0f virtual s per wall s (%d seeds, %d failing)",
               name, seedsPerSecond, virtualPerWall, seeds, failures)
    }

    var json: JSONValue {
        ["scenario": .string(name), "seeds": .int(Int64(seeds)), "seeds_per_second": .int(Int64(seedsPerSecond)),
         "virtual_seconds_per_wall_second": .int(Int64(virtualPerWall)), "failures": .int(Int64(failures))]
    }
}
