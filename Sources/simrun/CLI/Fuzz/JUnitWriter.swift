import SimHarness
import SimCore

/// JUnit XML for CI: one testsuite per scenario × variant, a summary testcase for it, and one
/// testcase per failing seed (capped at `FuzzSummary.seedLimit` per suite).
enum JUnitWriter {
    static func xml(_ summary: FuzzSummary, settings: RunSettings, requireCoverage: Bool = false, stop: FuzzCommand.Stop? = nil) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"simrun fuzz\" tests=\"\(summary.totalRuns)\">\n"
        for row in summary.rows {
            let name = escape("\(row.target.qualifiedName) [\(row.target.variant)]")
            let failing = summary.failures.filter { $0.target.qualifiedName == row.target.qualifiedName && $0.target.variant == row.target.variant }
                .prefix(FuzzSummary.seedLimit)
            let coverageFails = requireCoverage && !row.coverage.unreached.isEmpty ? 1 : 0
            out += "  <testsuite name=\"\(name)\" tests=\"\(failing.count + 1 + coverageFails)\" failures=\"\(row.failures + coverageFails)\" errors=\"\(row.harnessErrors)\">\n"
            out += "    <testcase classname=\"\(name)\" name=\"summary: \(row.runs) runs, \(row.passes) passed\">\n"
            out += "      <system-out>\(escape("runs \(row.runs), passes \(row.passes), failures \(row.failures), harness errors \(row.harnessErrors)"))</system-out>\n"
            out += "    </testcase>\n"
            if let stop {
                out += "    <properties>\n      <property name=\"stopped\" value=\"\(escape(stop.reason))\"/>\n"
                out += "      <property name=\"resume\" value=\"\(escape(stop.resume))\"/>\n    </properties>\n"
            }
            for (target, report) in failing { out += testcase(target: target, report: report, suite: name, settings: settings) }
            if coverageFails == 1 { out += coverageCase(row, suite: name) }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    static func testcase(target: Target, report: RunReport, suite: String, settings: RunSettings) -> String {
        let repro = reproCommand(target, seed: report.seed, settings: settings)
        let first = report.outcome.violations.first
        let message = first.map { "\($0.invariant): \($0.message)" } ?? RunPrinter.outcomeText(report.outcome)
        let body = (report.outcome.violations.map(\.description) + ["reproduce: \(repro)"]).joined(separator: "\n")
        let tag: String
        if case .harnessError = report.outcome { tag = "error" } else { tag = "failure" }
        return "    <testcase classname=\"\(suite)\" name=\"seed \(report.seed)\">\n"
            + "      <\(tag) message=\"\(escape(message))\" type=\"\(escape(report.outcome.label))\">\(escape(body))</\(tag)>\n"
            + "    </testcase>\n"
    }

    /// A failing testcase naming the declared marks no run reached (`--require-coverage`).
    static func coverageCase(_ row: FuzzSummary.Row, suite: String) -> String {
        let marks = row.coverage.unreached.joined(separator: "\n")
        return "    <testcase classname=\"\(suite)\" name=\"coverage\">\n"
            + "      <failure message=\"\(escape("\(row.coverage.unreached.count) declared marks reached by no run"))\" type=\"coverage\">\(escape(marks))</failure>\n"
            + "    </testcase>\n"
    }

    /// XML text and attribute escaping; control characters XML 1.0 forbids become spaces.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default: if scalar.value < 0x20 { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
