import SimCore

/// Everything one run produced: what was run, how it ended and the evidence.
public struct RunReport: Sendable {
    public var app: String
    public var scenario: String
    public var variant: String
    public var seed: UInt64
    /// The fault plan, one line per family.
    public var faultPlan: [String]
    public var outcome: RunOutcome
    public var invariantsChecked: [String]
    public var virtualNanoseconds: Int64
    public var events: Int
    public var traceHash: UInt64
    /// Every fault injected, in order (the run's fault schedule).
    public var injectedFaults: [InjectedFault]
    /// Trace records (empty unless recording).
    public var records: [TraceRecord]
    /// `sometimes` marks reached.
    public var coverage: [(label: String, count: Int)]
    /// Wall-clock milliseconds the run took (filled by the caller that timed it).
    public var wallMilliseconds: Int
    /// Network requests sent.
    public var requests: Int = 0
    /// Client operations the devices invoked (the run's history: edits, syncs, sign-ins, …).
    public var actions: Int = 0
    /// The choice sequence the run drew, when it ran on a choice tape (`ScenarioRunner.choices`).
    public var choices: ChoiceSequence?

    /// The trace hash as 16 hex digits.
    public var traceHashHex: String {
        let hex = String(traceHash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The run's stable JSON document (keys sorted), as `--json` prints it.
    public var json: JSONValue {
        var fields: [String: JSONValue] = [
            "app": .string(app), "scenario": .string(scenario), "variant": .string(variant),
            "seed": .string(String(seed)), "outcome": .string(outcome.label),
            "trace_hash": .string(traceHashHex), "virtual_ns": .int(virtualNanoseconds),
            "events": .int(Int64(events)), "wall_ms": .int(Int64(wallMilliseconds)),
            "invariants": .array(invariantsChecked.map { .string($0) }),
            "fault_plan": .array(faultPlan.map { .string($0) }),
            "injected_faults": .array(injectedFaults.map { .string($0.description) }),
        ]
        fields["violations"] = .array(outcome.violations.map { violation in
            [
                "invariant": .string(violation.invariant), "kind": .string(violation.kind.rawValue),
                "message": .string(violation.message),
                "entities": .array(violation.entities.map {
                    ["entity": .string($0.entity), "location": .string($0.location),
                     "expected": .string($0.expected), "actual": .string($0.actual)]
                }),
            ]
        })
        if case .harnessError(let message) = outcome { fields["error"] = .string(message) }
        return .object(fields)
    }
}
