import Foundation
import SimCore

/// A replay file: everything needed to re-run a (shrunk) failing run exactly, and what it is
/// expected to produce. Written with sorted keys, so the same run gives the same bytes.
struct ReplayFile: Equatable {
    static let format = "simrun-replay"
    /// Version 2 adds `choices`; version 1 files (no choices) still replay.
    static let version: Int64 = 2

    var app: String
    var scenario: String
    var variant: String
    var seed: UInt64
    var size: Int
    var policy: SchedulingPolicy
    var faults: [InjectedFault]
    /// The run's choice sequence (what `shrink` reduced), replayed with the simplest value past
    /// its end; nil (a version 1 file): the seed's own draws.
    var choices: ChoiceSequence?
    var expectedOutcome: String
    var expectedInvariant: String?
    var expectedTraceHash: String
    var toolchain: String
    var commit: String
    /// The commit of the package `shrink` ran in (a team's own app: its code is part of the run);
    /// "unknown" outside a git repository or in older files.
    var appCommit: String = "unknown"
    /// The build configuration that wrote it (`BuildInfo.configuration`; "unknown" in older files).
    var configuration: String

    var json: JSONValue {
        var fields: [String: JSONValue] = [
            "format": .string(Self.format), "version": .int(Self.version),
            "app": .string(app), "scenario": .string(scenario), "variant": .string(variant),
            "seed": .string(String(seed)), "size": .int(Int64(size)), "policy": .string(policy.rawValue),
            "fault_schedule": .array(faults.map { ["family": .string($0.family.rawValue), "subject": .string($0.subject), "detail": .string($0.detail)] }),
            "expected": ["outcome": .string(expectedOutcome), "invariant": expectedInvariant.map { .string($0) } ?? .null,
                         "trace_hash": .string(expectedTraceHash)],
            "toolchain": .string(toolchain), "commit": .string(commit), "app_commit": .string(appCommit),
            "configuration": .string(configuration),
        ]
        if let choices {
            fields["choices"] = .array(choices.streams.map { ["stream": .string(String($0.seed)), "values": .string(ChoiceText.encode($0.choices))] })
        }
        return .object(fields)
    }

    var settings: RunSettings { RunSettings(size: size, policy: policy) }

    /// Reads and validates a replay file; every problem is bad input naming the file and the field.
    static func load(_ path: String) throws -> ReplayFile {
        guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read replay file '\(path)'") }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: data), value.objectValue != nil else {
            throw UsageError("replay file '\(path)' is not valid JSON (truncated or corrupt?)")
        }
        return try ReplayFileParser(path: path, root: value).parse()
    }
}
