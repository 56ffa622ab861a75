import Foundation
import Scenarios

/// `simrun bench`: the Minuta CRDT document, "merging two documents of 10,000 operations each"
/// (issue #6). Times the merge (median of three), then save and load of the merged document.
enum CRDTMergeBench {
    /// One line for the text report; the operation count follows the upload bench's size
    /// (10,000 full, 200 with `--quick`).
    static func line(_ sizes: BenchSizes) -> String {
        let operations = sizes.uploadItems
        do {
            let pair = try CRDTBenchmark.divergentPair(operations: operations)
            var times: [Double] = []
            var merged = pair.left
            for _ in 0..<3 {
                let start = ContinuousClock().now
                merged = try CRDTBenchmark.merge(pair)
                times.append(KernelBench.seconds(ContinuousClock().now - start) * 1_000)
            }
            let saveStart = ContinuousClock().now
            let bytes = merged.save()
            let saveMs = KernelBench.seconds(ContinuousClock().now - saveStart) * 1_000
            let loadStart = ContinuousClock().now
            _ = try Document(bytes, actor: ActorId("40"))
            let loadMs = KernelBench.seconds(ContinuousClock().now - loadStart) * 1_000
            let changes = CRDTBenchmark.summary(of: merged).changes
            return String(format: "crdt merge      %.1f ms median of 3 (2 × %d operations, %d changes); save %.1f ms, load %.1f ms, %d bytes",
                          times.sorted()[1], operations, changes, saveMs, loadMs, bytes.count)
        } catch {
            return "crdt merge      failed: \(error)"
        }
    }
}
