import Foundation
import SimHarness
import SimCore

/// Runs one target for one seed and times it with the wall clock (allowed here: the CLI is not
/// simulated code).
enum RunExecution {
    static func run(_ target: Target, seed: UInt64, runner: ScenarioRunner) -> RunReport {
        let clock = ContinuousClock()
        let start = clock.now
        var report = runner.run(target.scenario, variant: target.variant, seed: seed)
        report.wallMilliseconds = milliseconds(clock.now - start)
        return report
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
