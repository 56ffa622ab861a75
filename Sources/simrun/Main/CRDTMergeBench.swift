import Foundation
import CRDT
import SimCore
import SimrunCLI

/// `simrun bench`: the Minuta CRDT document, "merging two documents of 10,000 operations each"
/// (issue #6). Times the merge (median of three), then save and load of the merged document.
struct CRDTMergeBench {
    var operations: Int
    var mergeMilliseconds: Double
    var saveMilliseconds: Double
    var loadMilliseconds: Double
    var changes: Int
    var bytes: Int
    var failure: String?

    /// The `crdt` section of `simrun bench` (its `--json` key stays `crdt_merge`).
    static let benchmark = SimrunBenchmark(name: "crdt") { quick in
        let result = measure(operations: quick ? 200 : 10_000)
        return (result.line, result.json)
    }

    /// Measures merging two documents of `operations` operations each (the upload bench's size).
    static func measure(operations: Int) -> CRDTMergeBench {
        do {
            let pair = try CRDTBenchmark.divergentPair(operations: operations)
            var times: [Double] = []
            var merged = pair.left
            for _ in 0..<3 {
                let start = ContinuousClock().now
                merged = try CRDTBenchmark.merge(pair)
                times.append(seconds(ContinuousClock().now - start) * 1_000)
            }
            let saveStart = ContinuousClock().now
            let bytes = merged.save()
            let saveMs = seconds(ContinuousClock().now - saveStart) * 1_000
            let loadStart = ContinuousClock().now
            _ = try Document(bytes, actor: ActorId("40"))
            let loadMs = seconds(ContinuousClock().now - loadStart) * 1_000
            return CRDTMergeBench(operations: operations, mergeMilliseconds: times.sorted()[1], saveMilliseconds: saveMs,
                                  loadMilliseconds: loadMs, changes: CRDTBenchmark.summary(of: merged).changes,
                                  bytes: bytes.count, failure: nil)
        } catch {
            return CRDTMergeBench(operations: operations, mergeMilliseconds: 0, saveMilliseconds: 0, loadMilliseconds: 0,
                                  changes: 0, bytes: 0, failure: "\(error)")
        }
    }

    /// One line for the text report.
    var line: String {
        if let failure { return "crdt merge      failed: \(failure)" }
        return String(format: "crdt merge      %.1f ms median of 3 (2 × %d operations, %d changes); save %.1f ms, load %.1f ms, %d bytes",
                      mergeMilliseconds, operations, changes, saveMilliseconds, loadMilliseconds, bytes)
    }

    /// The `--json` entry (integer microseconds).
    var json: JSONValue {
        if let failure { return ["failure": .string(failure)] }
        return ["operations_per_document": .int(Int64(operations)), "merge_us": .int(Int64(mergeMilliseconds * 1_000)),
                "save_us": .int(Int64(saveMilliseconds * 1_000)), "load_us": .int(Int64(loadMilliseconds * 1_000)),
                "changes": .int(Int64(changes)), "bytes": .int(Int64(bytes))]
    }
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
