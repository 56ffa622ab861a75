import Foundation
import SimCore

/// `simrun check-determinism`: the same seed in two child processes must give the same trace;
/// on a mismatch, the first divergent record of each side (madsim's self-check).
enum CheckDeterminismCommand {
    static let flags = ["--seed", "--scenario", "--app", "--variant", "--size", "--policy", "--json", "--help"]

    static func main(_ tokens: [String]) throws -> ExitCode {
        var args = Arguments(tokens)
        try args.rejectUnknownFlags(known: flags)
        guard let seedText = try args.option("--seed") else { throw UsageError("--seed S is required") }
        let seed = try Values.seed(seedText)
        let targets = try Selection.parse(&args, required: true)
        let settings = try RunSettings.parse(&args)
        let json = try args.flag("--json")
        try args.finish(known: flags)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("simrun-determinism-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var documents: [JSONValue] = []
        var codes: [ExitCode] = []
        for (index, target) in targets.enumerated() {
            let (document, code) = try check(target, seed: seed, settings: settings, directory: directory, index: index, json: json)
            documents.append(document)
            codes.append(code)
        }
        if json { Console.out(documents.count == 1 ? documents[0].canonicalText : JSONValue.object(["runs": .array(documents)]).canonicalText) }
        return ExitCode.worst(codes)
    }

    static func check(_ target: Target, seed: UInt64, settings: RunSettings, directory: URL, index: Int, json: Bool) throws -> (JSONValue, ExitCode) {
        let left = try ChildRun.run(target, seed: seed, settings: settings, traceFile: directory.appendingPathComponent("\(index)-a.jsonl"))
        let right = try ChildRun.run(target, seed: seed, settings: settings, traceFile: directory.appendingPathComponent("\(index)-b.jsonl"))
        var fields: [String: JSONValue] = [
            "app": .string(target.app), "scenario": .string(target.name), "variant": .string(target.variant),
            "seed": .string(String(seed)), "trace_hashes": .array([left.traceHash, right.traceHash].map { $0.map(JSONValue.string) ?? .null }),
            "outcome": left.document?["outcome"] ?? .null,
        ]
        var lines = ["\(target.qualifiedName) [\(target.variant)] seed \(SeedText.both(seed))"]
        let code: ExitCode
        if let leftHash = left.traceHash, let rightHash = right.traceHash, leftHash == rightHash {
            fields["deterministic"] = true
            lines.append("  deterministic: both runs have trace hash \(leftHash) (\(left.records.count) records)")
            code = .passed
        } else {
            fields["deterministic"] = false
            lines += mismatch(left, right, fields: &fields)
            code = .harnessError
        }
        if !json { lines.forEach(Console.out) }
        return (.object(fields), code)
    }

    static func mismatch(_ left: ChildRun, _ right: ChildRun, fields: inout [String: JSONValue]) -> [String] {
        guard let leftHash = left.traceHash, let rightHash = right.traceHash else {
            let failed = left.traceHash == nil ? left : right
            fields["error"] = .string("a child run failed (exit \(failed.exitCode)): \(failed.stderr)")
            return ["  a child run produced no result (exit \(failed.exitCode)): \(failed.stderr.trimmingCharacters(in: .whitespacesAndNewlines))"]
        }
        var lines = ["  NOT DETERMINISTIC: trace hashes \(leftHash) and \(rightHash) differ"]
        if let divergence = TraceDivergence.first(left.records, right.records) {
            fields["divergence"] = ["index": .int(Int64(divergence.index)), "left": .string(divergence.left?.line ?? "(end)"),
                                    "right": .string(divergence.right?.line ?? "(end)")]
            lines.append("  first divergent record, #\(divergence.index):")
            lines.append("    run 1: \(divergence.left?.line ?? "(trace ended)")")
            lines.append("    run 2: \(divergence.right?.line ?? "(trace ended)")")
        } else {
            lines.append("  the records are identical: the divergence is in scheduling choices only (hashed, not recorded)")
        }
        return lines
    }
}
