import SimHarness
import SimCore

/// A run as a Mermaid sequence diagram: devices and services as participants, requests and
/// responses as arrows, faults, kills and the heal as notes, the violation at the end.
enum MermaidTimeline {
    /// Messages kept from the start and from the end; the middle is summarised in one note.
    static let headMessages = 100
    static let tailMessages = 200

    static func markdown(_ report: RunReport) -> String {
        let participants = participantsSeen(report.records)
        let lanes = Set(participants)
        let fallback = participants.first ?? "sim"
        let messages = report.records.compactMap { message($0, lanes: lanes, fallback: fallback) }
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

    /// The diagram line for one record, or nil for records the diagram leaves out. A note about a
    /// device sits over that device's lane (`lanes` are the participants); one that names none
    /// sits over `fallback`, the first participant.
    static func message(_ record: TraceRecord, lanes: Set<String>, fallback: String) -> String? {
        let who = identifier(record.component)
        if let (service, rest) = arrow(record.event, "→") { return "\(who)->>\(identifier(service)): \(sanitize(rest))" }
        if let (service, rest) = arrow(record.event, "←") { return "\(identifier(service))-->>\(who): \(sanitize(rest))" }
        if record.component == "faults" || record.component == "net" {
            return "Note over \(noteAnchor(record.event, lanes: lanes, fallback: fallback)): \(sanitize(record.component + " " + record.event))"
        }
        if ["launch", "kill", "exit"].contains(where: { record.event.hasPrefix($0 + " ") }) {
            return "Note over \(who): \(sanitize(record.event))"
        }
        if record.component == "sim" && record.event.hasPrefix("heal") { return "Note over \(identifier(fallback)): heal" }
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

    /// The lane a note sits over: the first participant the event names (a fault's subject is
    /// `phone#2`, `device-1@life1` or `tablet:…`), else `fallback`.
    static func noteAnchor(_ event: String, lanes: Set<String>, fallback: String) -> String {
        let named = event.split(separator: " ").lazy.map { String($0.prefix { !"#@:".contains($0) }) }.first { lanes.contains($0) }
        return identifier(named ?? fallback)
    }

    /// A Mermaid participant id: letters, digits and underscores.
    static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Text safe inside a Mermaid message: `#` as Mermaid's entity code `#35;` (so `req#15` reads
    /// as written; mermaid-js issue 193 added entity codes to sequence diagrams), no `;`, quotes,
    /// angle brackets or newlines; bounded.
    static func sanitize(_ text: String) -> String {
        let replaced = text.map { character -> String in
            switch character {
            case "#": return "#35;"
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
