import Foundation
import SimHarness
import SimCore

/// One finished (seed, target) run of a campaign. Passing runs keep only counts, so a long
/// campaign's memory stays flat; failing runs keep their report for the summary.
struct FuzzResult: Sendable {
    let unit: Int
    let seed: UInt64
    let targetIndex: Int
    let outcomeLabel: String
    let virtualNanoseconds: Int64
    /// The report of a failing run (nil for a pass).
    let failure: RunReport?
    /// The `sometimes` marks this run reached (each once, sorted).
    let marks: [String]
}

/// The work of a campaign, handed out to worker threads one unit at a time in seed order:
/// unit u is seed position u / targets.count of the shard, target u % targets.count. Units are
/// taken in increasing order and every taken unit is finished, so the finished units are always
/// a prefix 0..<taken, whichever way the campaign stops.
final class FuzzQueue: @unchecked Sendable {
    let targets: [Target]
    let range: SeedRange
    let settings: RunSettings
    /// Wall-clock deadline for `--time-budget`; nil for a fixed range.
    let deadline: ContinuousClock.Instant?
    let totalUnits: Int

    private let lock = NSLock()
    private var taken = 0
    private var results: [FuzzResult] = []
    private(set) var failureCount = 0

    init(targets: [Target], range: SeedRange, settings: RunSettings, deadline: ContinuousClock.Instant?) {
        self.targets = targets
        self.range = range
        self.settings = settings
        self.deadline = deadline
        let (total, overflow) = range.count.multipliedReportingOverflow(by: targets.count)
        self.totalUnits = overflow ? Int.max : total
    }

    /// The next unit to run, or nil when the range is done, the time budget is spent or a stop
    /// signal came (the units already taken still finish).
    func next() -> Int? {
        if StopSignal.received != nil { return nil }
        if let deadline, ContinuousClock().now >= deadline { return nil }
        return lock.withLock {
            guard taken < totalUnits else { return nil }
            taken += 1
            return taken - 1
        }
    }

    /// Runs one unit on the calling thread.
    func run(_ unit: Int) -> FuzzResult {
        let seed = range.seed(at: unit / targets.count)
        let targetIndex = unit % targets.count
        let report = RunExecution.run(targets[targetIndex], seed: seed, runner: settings.runner())
        return FuzzResult(unit: unit, seed: seed, targetIndex: targetIndex, outcomeLabel: report.outcome.label,
                          virtualNanoseconds: report.virtualNanoseconds, failure: report.outcome.passed ? nil : report,
                          marks: report.coverage.filter { $0.count > 0 }.map(\.label))
    }

    func finish(_ result: FuzzResult) {
        lock.withLock {
            results.append(result)
            if result.failure != nil { failureCount += 1 }
        }
    }

    /// Units handed out (all finished once the workers returned).
    var takenUnits: Int { lock.withLock { taken } }

    /// Seed positions every target finished: a campaign resumes after these.
    var completedPositions: Int { takenUnits / targets.count }

    /// (finished, failures) so far.
    var progress: (done: Int, failures: Int) {
        lock.withLock { (results.count, failureCount) }
    }

    /// Every finished result, in unit (seed) order.
    func sortedResults() -> [FuzzResult] {
        lock.withLock { results.sorted { $0.unit < $1.unit } }
    }

    /// Runs `jobs` worker threads until the queue is empty, calling `tick` about every 250 ms.
    func runWorkers(jobs: Int, tick: () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        for index in 0..<jobs {
            let thread = Thread { [self] in
                // Bounded by the queue: each unit is taken once and the queue ends.
                while let unit = next() { finish(run(unit)) }
                finished.signal()
            }
            thread.name = "simrun-fuzz-\(index + 1)"
            thread.stackSize = 16 << 20
            thread.start()
        }
        var running = jobs
        while running > 0 {
            if finished.wait(timeout: .now() + .milliseconds(250)) == .success { running -= 1 } else { tick() }
        }
    }
}
