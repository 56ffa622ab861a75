import Foundation
import LedgerWorkload
import SimCore

/// The kernel measurements of `simrun bench`. Wall-clock timing is fine here: this is the CLI.
enum KernelBench {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Timer heap churn with 1,000 pending: pop the earliest, push one a pseudo-random delay later.
    static func timerHeap(events: Int) -> (eventsPerSecond: Double, checksum: Int64) {
        var heap = TimerHeap<Int>()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in 0..<1_000 { heap.push(deadline: Int64(index), index) }
        var checksum: Int64 = 0
        let start = ContinuousClock().now
        for _ in 0..<events {
            let (deadline, payload) = heap.pop()!
            state = state &* 6364136223846793005 &+ 1442695040888963407
            heap.push(deadline: deadline + Int64(state >> 52), payload)
            checksum &+= deadline
        }
        return (Double(events) / max(1e-9, seconds(ContinuousClock().now - start)), checksum)
    }

    /// Executor hops: a simulation whose root does `yields` `Task.yield()`s.
    static func executorHops(yields: Int) throws -> Double {
        let sim = Simulator(seed: 1, options: SimulatorOptions(maxEvents: yields * 4 + 1_000))
        let start = ContinuousClock().now
        try sim.run { _ in
            for _ in 0..<yields { await Task.yield() }
        }
        return Double(yields) / max(1e-9, seconds(ContinuousClock().now - start))
    }

    /// The ~5 % fault plan of the upload benchmark.
    static var uploadPlan: FaultPlan {
        FaultPlan(rates: [.requestLoss: 15_000, .responseLoss: 15_000, .serverError: 10_000, .duplicate: 10_000])
    }

    /// One device uploading `items` requests through ~5 % faults; median wall ms of `repeats` runs.
    static func upload(items: Int, repeats: Int) throws -> (medianMilliseconds: Int, exact: Bool) {
        var times: [Int] = []
        var exact = true
        for repeatIndex in 0..<repeats {
            let workload = UploadWorkload(devices: 1, itemsPerDevice: items, killsPerDevice: 0, idempotent: true)
            let start = ContinuousClock().now
            let result = try workload.run(seed: UInt64(repeatIndex + 1), options: SimulatorOptions(faultSource: .plan(uploadPlan)))
            times.append(RunExecution.milliseconds(ContinuousClock().now - start))
            exact = exact && result.serverTotal == result.expectedTotal
        }
        return (times.sorted()[times.count / 2], exact)
    }

    /// Resident set size in bytes, from /proc/self/statm (0 where unavailable).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// RSS before, after `first` and after `second` seeds of a small upload in this process.
    static func memory(first: Int, second: Int) throws -> [Int] {
        let workload = UploadWorkload(devices: 2, itemsPerDevice: 20, killsPerDevice: 1, idempotent: true)
        var samples = [residentBytes()]
        for seed in 1...second {
            _ = try workload.run(seed: UInt64(seed))
            if seed == first { samples.append(residentBytes()) }
        }
        samples.append(residentBytes())
        return samples
    }
}
