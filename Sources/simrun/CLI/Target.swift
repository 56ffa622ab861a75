import SimHarness
import SimCore

/// One thing to run: an app's scenario under a variant.
struct Target: Sendable {
    let scenario: any AppScenario
    let variant: String

    var app: String { scenario.app }
    var name: String { scenario.name }
    /// `swisscoin/interrupted-upload`.
    var qualifiedName: String { "\(scenario.app)/\(scenario.name)" }
}

/// The run knobs shared by run, fuzz, shrink and check-determinism.
struct RunSettings: Sendable {
    var size = 1
    var policy: SchedulingPolicy = .random

    /// Reads `--size` and `--policy`.
    static func parse(_ args: inout Arguments) throws -> RunSettings {
        var settings = RunSettings()
        if let text = try args.option("--size") { settings.size = try sizeValue(text) }
        if let text = try args.option("--policy") {
            guard let policy = SchedulingPolicy(rawValue: text) else {
                throw Suggest.unknown("policy", text, known: SchedulingPolicy.allCases.map(\.rawValue))
            }
            settings.policy = policy
        }
        return settings
    }

    /// The largest `--size`. Memory grows with the dataset: peak RSS of one release run of
    /// swisscoin/interrupted-upload (the largest dataset) measured 34 MB at --size 1 and 74 MB at
    /// --size 5, about `megabytesPerSize` MB per size unit per concurrent run, so 1000 asked for
    /// ~10 GB; 100 (~1 GB a run, 2 GB with --jobs 2) is what a developer machine or a CI runner can do.
    static let maxSize = 100
    static let megabytesPerSize = 10

    static func sizeValue(_ text: String) throws -> Int {
        guard let value = Int(text), value >= 0 else {
            throw UsageError("--size takes a whole number from 0 to \(maxSize), not '\(text)'")
        }
        guard value <= maxSize else {
            throw UsageError("--size \(value) would need about \(value * megabytesPerSize / 1000) GB per run (≈\(megabytesPerSize) MB per size unit); the most is --size \(maxSize)")
        }
        return value
    }

    /// The flags to repeat in a repro command (only those that differ from the defaults).
    var reproFlags: String {
        (size != 1 ? " --size \(size)" : "") + (policy != .random ? " --policy \(policy.rawValue)" : "")
    }

    /// A runner with these settings; `choices`: draw through a tape reading them (shrink, replay).
    func runner(recordTrace: Bool = false, faults: FaultSource = .swarm,
                choices: (given: ChoiceSequence, pastEnd: ChoiceTape.PastEnd)? = nil) -> ScenarioRunner {
        var runner = ScenarioRunner()
        runner.choices = choices
        runner.size = size
        runner.policy = policy
        runner.recordTrace = recordTrace
        runner.faultSource = faults
        return runner
    }
}

/// The exact command line that reproduces one run.
func reproCommand(_ target: Target, seed: UInt64, settings: RunSettings) -> String {
    "\(AppCatalog.commandName) --seed \(seed) --scenario \(target.qualifiedName) --variant \(target.variant)\(settings.reproFlags)"
}
