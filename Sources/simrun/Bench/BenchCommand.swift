import Foundation
import Scenarios
import SimCore

/// `simrun bench`: kernel figures and per-scenario throughput.
enum BenchCommand {
    static func main(_ tokens: [String]) throws -> ExitCode {
        var args = Arguments(tokens)
        try args.rejectUnknownFlags(known: ["--json", "--quick", "--help"])
        let json = try args.flag("--json")
        let sizes = try args.flag("--quick") ? BenchSizes.quick : BenchSizes.full
        try args.finish(known: ["--json", "--quick", "--help"])
        let heap = KernelBench.timerHeap(events: sizes.heapEvents)
        let hops = try KernelBench.executorHops(yields: sizes.yields)
        let upload = try KernelBench.upload(items: sizes.uploadItems, repeats: sizes.uploadRepeats)
        let memory = try KernelBench.memory(first: sizes.memorySeeds.first, second: sizes.memorySeeds.second)
        let scenarios = AppCatalog.apps.flatMap(\.scenarios).map { ScenarioBench.measure($0, sizes: sizes) }
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        if json {
            let document: JSONValue = [
                "build": .string(build),
                "timer_heap": ["events": .int(Int64(sizes.heapEvents)), "pending": 1_000, "events_per_second": .int(Int64(heap.eventsPerSecond))],
                "executor": ["yields": .int(Int64(sizes.yields)), "hops_per_second": .int(Int64(hops))],
                "upload": ["requests": .int(Int64(sizes.uploadItems)), "fault_ppm": 50_000, "runs": .int(Int64(sizes.uploadRepeats)),
                           "median_wall_ms": .int(Int64(upload.medianMilliseconds)), "exact": .bool(upload.exact)],
                "memory": ["seeds": .array([0, .int(Int64(sizes.memorySeeds.first)), .int(Int64(sizes.memorySeeds.second))]),
                           "rss_bytes": .array(memory.map { .int(Int64($0)) })],
                "scenarios": .array(scenarios.map(\.json)),
            ]
            Console.out(document.canonicalText)
            return .passed
        }
        Console.out("build: \(build)\(build == "debug" ? " (use `swift build -c release` for real figures)" : "")")
        Console.out(String(format: "timer heap      %.1f M events/s (1,000 pending, %d events)", heap.eventsPerSecond / 1e6, sizes.heapEvents))
        Console.out(String(format: "executor hops   %.1f M hops/s (%d Task.yield)", hops / 1e6, sizes.yields))
        Console.out("upload          \(upload.medianMilliseconds) ms median of \(sizes.uploadRepeats) (\(sizes.uploadItems) requests, ~5 % faults, exact: \(upload.exact))")
        let mb = memory.map { String(format: "%.1f MB", Double($0) / 1_048_576) }
        Console.out("memory (RSS)    start \(mb[0]), after \(sizes.memorySeeds.first) seeds \(mb[1]), after \(sizes.memorySeeds.second) seeds \(mb[2])")
        if scenarios.isEmpty { Console.out("scenarios       (none in the catalogue yet)") }
        scenarios.forEach { Console.out($0.line) }
        Console.out(CRDTMergeBench.line(sizes))
        return .passed
    }
}
