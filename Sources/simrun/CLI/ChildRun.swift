import Foundation
import SimCore

/// A run of this same executable in a child process (`/proc/self/exe run … --json --trace-out`),
/// so per-process randomness (hash seeds, allocation addresses) differs between two runs.
struct ChildRun {
    let exitCode: Int32
    let document: JSONValue?
    let records: [TraceRecord]
    let stderr: String

    var traceHash: String? { document?["trace_hash"]?.stringValue }

    static func run(_ target: Target, seed: UInt64, settings: RunSettings, traceFile: URL) throws -> ChildRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["run", "--seed", String(seed), "--scenario", target.qualifiedName, "--variant", target.variant,
                             "--size", String(settings.size), "--policy", settings.policy.rawValue,
                             "--json", "--trace-out", traceFile.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let document = try? JSONDecoder().decode(JSONValue.self, from: outData)
        let records = (try? TraceLines.read(traceFile)) ?? []
        return ChildRun(exitCode: process.terminationStatus, document: document, records: records,
                        stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Reads a JSON Lines trace (`TraceRecord.jsonLine`: `{"t":…,"c":…,"e":…}`).
enum TraceLines {
    private struct Line: Decodable {
        let t: Int64
        let c: String
        let e: String
    }

    static func read(_ url: URL) throws -> [TraceRecord] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { line in
            let decoded = try decoder.decode(Line.self, from: Data(line.utf8))
            return TraceRecord(time: decoded.t, component: decoded.c, event: decoded.e)
        }
    }
}
