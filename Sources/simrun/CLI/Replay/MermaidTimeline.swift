import SimHarness
import SimCore

/// A run as a Mermaid sequence diagram: devices and services as participants, requests and
/// responses as arrows, faults, kills and the heal as notes, the violation at the end.
enum MermaidTimeline {
    /// Messages kept from the start and from the end; the middle is summarised in one note.
    static let headMessages = 100
    static let tailMessages = 200

    static func markdown(_ report: RunReport) -> String {
        let messages = report.records.compactMap(message)
        let participants = participantsSeen(report.records)
        var lines = ["# \(report.app)/\(report.scenario) [\(report.variant)] seed \(report.seed)", "",
                     "Outcome: \(sanitize(RunPrinter.outcomeText(report.outcome))); trace hash \(report.traceHashHex).", "",
                     "```mermaid", "sequenceDiagram"]
        lines += participants.map { "    participant \(identifier($0)) as \(sanitize($0))" }
        if messages.count > headMessages + tailMessages {
            lines += messages.prefix(headMessages).map { "    " + $0 }
            let anchor = participants.first.map(identifier) ?? "sim"
            lines.append("    Note over \(anchor): … \(messages.count - headMessages - tailMessages) messages omitted …")
            lines += messages.suffix(tailMessages).map { "    " + $0 }
        } else {
            lines += messages.map { "    " + $0 }
        }
        let anchor = participants.first.map(identifier) ?? "sim"
        for violation in report.outcome.violations.prefix(10) {
            lines.append("    Note over \(anchor): VIOLATION \(sanitize(violation.invariant)): \(sanitize(violation.message))")
        }
        if case .harnessError(let message) = report.outcome { lines.append("    Note over \(anchor): HARNESS ERROR \(sanitize(message))") }
        lines += ["```", ""]
        return lines.joined(separator: "\n")
    }

    /// Devices first, then services, each sorted (devices: components that send requests).
    static func participantsSeen(_ records: [TraceRecord]) -> [String] {
        var devices = Set<String>(), services = Set<String>()
        for record in records {
            if let (service, _) = arrow(record.event, "→") { devices.insert(record.component); services.insert(service) }
            if record.event.hasPrefix("launch") || record.event.hasPrefix("kill") { devices.insert(record.component) }
        }
        return devices.sorted() + services.subtracting(devices).sorted()
    }

    /// The diagram line for one record, or nil for records the diagram leaves out.
    static func message(_ record: TraceRecord) -> String? {
        let who = identifier(record.component)
        if let (service, rest) = arrow(record.event, "→") { return "\(who)->>\(identifier(service)): \(sanitize(rest))" }
        if let (service, rest) = arrow(record.event, "←") { return "\(identifier(service))-->>\(who): \(sanitize(rest))" }
        if record.component == "faults" || record.component == "net" {
            return "Note over \(noteAnchor(record.event)): \(sanitize(record.component + " " + record.event))"
        }
        if ["launch", "kill", "exit"].contains(where: { record.event.hasPrefix($0 + " ") }) {
            return "Note over \(who): \(sanitize(record.event))"
        }
        if record.component == "sim" && record.event.hasPrefix("heal") { return "Note over \(noteAnchor("")): heal" }
        return nil
    }

    /// `→supabase #12 summary` → ("supabase", "#12 summary").
    static func arrow(_ event: String, _ symbol: Character) -> (String, String)? {
        guard event.first == symbol else { return nil }
        let body = event.dropFirst()
        let service = body.prefix { $0 != " " }
        guard !service.isEmpty else { return nil }
        return (String(service), String(body.dropFirst(service.count)).trimmingCharacters(in: .whitespaces))
    }

    /// A note about a device sits over it when the event names one, else over device-1.
    static func noteAnchor(_ event: String) -> String {
        let word = event.split(separator: " ").first { $0.hasPrefix("device-") }
        return identifier(String(word.map { String($0.prefix { $0 != "@" && $0 != ":" }) } ?? "device-1"))
    }

    /// A Mermaid participant id: letters, digits and underscores.
    static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Text safe inside a Mermaid message: no `#`, `;`, quotes, angle brackets or newlines; bounded.
    static func sanitize(_ text: String) -> String {
        let replaced = text.map { character -> String in
            switch character {
            case "#": return "no."
            case ";": return ","
            case "\"", "'", "`": return ""
            case "<": return "("
            case ">": return ")"
            case "\n", "\r", "\t": return " "
            default: return String(character)
            }
        }.joined()
        return replaced.count > 160 ? String(replaced.prefix(157)) + "..." : replaced
    }
}
