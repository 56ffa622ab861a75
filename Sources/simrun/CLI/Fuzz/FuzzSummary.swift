import SimHarness
import SimCore

/// Per-target counts of a campaign, built from the results in seed order.
struct FuzzSummary {
    struct Row {
        let target: Target
        var runs = 0
        var passes = 0
        var failures = 0
        var harnessErrors = 0
        var virtualNanoseconds: Int64 = 0
        var failingSeeds: [UInt64] = []
        var coverage: CampaignCoverage
    }

    /// Most failing seeds kept per row (JSON, JUnit); the count is always exact.
    static let seedLimit = 1_000

    var rows: [Row]
    /// Every failing run, in seed order (the caller caps what it prints).
    var failures: [(target: Target, report: RunReport)] = []

    init(targets: [Target], results: [FuzzResult]) {
        rows = targets.map { Row(target: $0, coverage: CampaignCoverage(scenario: $0.scenario)) }
        for result in results {
            rows[result.targetIndex].runs += 1
            rows[result.targetIndex].coverage.add(result.marks)
            rows[result.targetIndex].virtualNanoseconds += result.virtualNanoseconds
            guard let report = result.failure else {
                rows[result.targetIndex].passes += 1
                continue
            }
            if case .harnessError = report.outcome { rows[result.targetIndex].harnessErrors += 1 } else { rows[result.targetIndex].failures += 1 }
            if rows[result.targetIndex].failingSeeds.count < Self.seedLimit { rows[result.targetIndex].failingSeeds.append(result.seed) }
            failures.append((targets[result.targetIndex], report))
        }
    }

    var totalRuns: Int { rows.reduce(0) { $0 + $1.runs } }

    /// Rows whose scenario declares a mark no run reached.
    var uncoveredRows: [Row] { rows.filter { !$0.coverage.unreached.isEmpty } }

    var exitCode: ExitCode {
        if rows.contains(where: { $0.harnessErrors > 0 }) { return .harnessError }
        return rows.contains(where: { $0.failures > 0 }) ? .failed : .passed
    }

    /// The summary table, one line per target.
    var table: [String] {
        let header = ["scenario", "variant", "runs", "passes", "failures", "errors", "first failing seed"]
        let body = rows.map { row in
            [row.target.qualifiedName, row.target.variant, String(row.runs), String(row.passes), String(row.failures),
             String(row.harnessErrors), row.failingSeeds.first.map(String.init) ?? "-"]
        }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max() ?? 0 }
        return ([header] + body).map { cells in
            cells.enumerated().map { ListCommand.pad($0.element, widths[$0.offset]) }.joined(separator: "  ")
        }
    }

    var json: JSONValue {
        .array(rows.map { row in
            [
                "app": .string(row.target.app), "scenario": .string(row.target.name), "variant": .string(row.target.variant),
                "runs": .int(Int64(row.runs)), "passes": .int(Int64(row.passes)), "failures": .int(Int64(row.failures)),
                "harness_errors": .int(Int64(row.harnessErrors)), "virtual_ns": .int(row.virtualNanoseconds),
                "first_failing_seed": row.failingSeeds.first.map { .string(String($0)) } ?? .null,
                "failing_seeds": .array(row.failingSeeds.map { .string(String($0)) }),
                "coverage": row.coverage.json,
            ]
        })
    }
}
