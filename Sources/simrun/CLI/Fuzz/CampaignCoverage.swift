import SimHarness
import SimCore

/// One target's `sometimes` marks across a campaign: how many runs reached each, and the marks
/// its scenario declares (`AppScenario.coverageMarks`) that no run reached.
struct CampaignCoverage {
    /// Runs that reached each mark, by label.
    var runsReaching: [String: Int] = [:]
    /// The marks the scenario declares (empty when it declares none).
    let declared: [String]

    init(scenario: any AppScenario) {
        declared = scenario.coverageMarks.sorted()
    }

    mutating func add(_ marks: [String]) {
        for mark in marks { runsReaching[mark, default: 0] += 1 }
    }

    /// Declared marks no run reached, sorted.
    var unreached: [String] { declared.filter { (runsReaching[$0] ?? 0) == 0 } }

    /// Every mark seen or declared, sorted, with its run count.
    var rows: [(label: String, runs: Int)] {
        Set(runsReaching.keys).union(declared).sorted().map { ($0, runsReaching[$0] ?? 0) }
    }

    /// Lines for the human summary: `   812/2000  label`, then the unreached declared marks.
    func lines(runs: Int) -> [String] {
        let width = String(runs).count
        var lines = rows.filter { $0.runs > 0 }.map { row in
            "  " + String(repeating: " ", count: max(0, width - String(row.runs).count)) + "\(row.runs)/\(runs)  \(row.label)"
        }
        if !unreached.isEmpty {
            lines.append("  declared but reached by no run (\(unreached.count)):")
            lines += unreached.map { "    \($0)" }
        }
        return lines
    }

    var json: JSONValue {
        [
            "marks": .object(Dictionary(uniqueKeysWithValues: rows.map { ($0.label, JSONValue.int(Int64($0.runs))) })),
            "declared": .array(declared.map { .string($0) }),
            "unreached": .array(unreached.map { .string($0) }),
        ]
    }
}
