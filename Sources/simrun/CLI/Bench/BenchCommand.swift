import Foundation
import SimHarness
import SimCore

/// `simrun bench`: kernel figures and per-scenario throughput.
enum BenchCommand {
    static func main(_ tokens: [String]) throws -> ExitCode {
        var args = Arguments(tokens)
        let known = ["--json", "--quick", "--only", "--help"] + BenchOptions.flags
        try args.rejectUnknownFlags(known: known)
        let json = try args.flag("--json")
        let quick = try args.flag("--quick")
        let extras = AppCatalog.benchmarks
        let (sections, chosenExtras) = try BenchSection.parse(try args.option("--only"), extras: extras.map(\.name))
        let options = try BenchOptions(&args, quick: quick)
        try args.finish(known: known)
        if let old = options.compare { return try compare(old: old, options: options, json: json) }
        if sections == [.scaling] && chosenExtras.isEmpty { return scaling(options: options, json: json) }
        let sizes = quick ? BenchSizes.quick : BenchSizes.full
        let heap = sections.contains(.heap) ? KernelBench.timerHeap(events: sizes.heapEvents) : (eventsPerSecond: 0, checksum: 0)
        let hops = sections.contains(.executor) ? try KernelBench.executorHops(yields: sizes.yields) : 0
        let upload = sections.contains(.upload)
            ? try KernelBench.upload(items: sizes.uploadItems, repeats: sizes.uploadRepeats) : (medianMilliseconds: 0, exact: true)
        let memory = sections.contains(.memory)
            ? try KernelBench.memory(first: sizes.memorySeeds.first, second: sizes.memorySeeds.second) : [0, 0, 0]
        let scenarios = sections.contains(.scenarios)
            ? AppCatalog.apps.flatMap(\.scenarios).map { ScenarioBench.measure($0, sizes: sizes) } : []
        let extraResults = extras.filter { chosenExtras.contains($0.name) }.map { ($0.name, $0.measure(quick)) }
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        if json {
            var document: [String: JSONValue] = ["build": .string(build)]
            if sections.contains(.heap) {
                document["timer_heap"] = ["events": .int(Int64(sizes.heapEvents)), "pending": 1_000, "events_per_second": .int(Int64(heap.eventsPerSecond))]
            }
            if sections.contains(.executor) {
                document["executor"] = ["yields": .int(Int64(sizes.yields)), "hops_per_second": .int(Int64(hops))]
            }
            if sections.contains(.upload) {
                document["upload"] = ["requests": .int(Int64(sizes.uploadItems)), "fault_ppm": 50_000, "runs": .int(Int64(sizes.uploadRepeats)),
                                      "median_wall_ms": .int(Int64(upload.medianMilliseconds)), "exact": .bool(upload.exact)]
            }
            if sections.contains(.memory) {
                document["memory"] = ["seeds": .array([0, .int(Int64(sizes.memorySeeds.first)), .int(Int64(sizes.memorySeeds.second))]),
                                      "rss_bytes": .array(memory.map { .int(Int64($0)) })]
            }
            if sections.contains(.scenarios) { document["scenarios"] = .array(scenarios.map(\.json)) }
            if sections.contains(.scaling) { document["scaling"] = .array(scalingResults(options).map { $0.json(sizes: options.sizes) }) }
            for (name, result) in extraResults { document[name] = result.json }
            Console.out(JSONValue.object(document).canonicalText)
            return .passed
        }
        Console.out("build: \(build)\(build == "debug" ? " (use `swift build -c release` for real figures)" : "")")
        if sections.contains(.heap) {
            Console.out(String(format: "timer heap      %.1f M events/s (1,000 pending, %d events)", heap.eventsPerSecond / 1e6, sizes.heapEvents))
        }
        if sections.contains(.executor) {
            Console.out(String(format: "executor hops   %.1f M hops/s (%d Task.yield)", hops / 1e6, sizes.yields))
        }
        if sections.contains(.upload) {
            Console.out("upload          \(upload.medianMilliseconds) ms median of \(sizes.uploadRepeats) (\(sizes.uploadItems) requests, ~5 % faults, exact: \(upload.exact))")
        }
        if sections.contains(.memory) {
            let mb = memory.map { String(format: "%.1f MB", Double($0) / 1_048_576) }
            Console.out("memory (RSS)    start \(mb[0]), after \(sizes.memorySeeds.first) seeds \(mb[1]), after \(sizes.memorySeeds.second) seeds \(mb[2])")
        }
        if sections.contains(.scenarios) {
            if scenarios.isEmpty { Console.out("scenarios       (none in the catalogue yet)") }
            scenarios.forEach { Console.out($0.line) }
        }
        for (_, result) in extraResults { Console.out(result.line) }
        if sections.contains(.scaling) { _ = scaling(options: options, json: false) }
        return .passed
    }
}
