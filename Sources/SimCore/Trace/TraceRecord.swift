/// One line of a run's history: `<virtual ns> <component> <event …>`.
public struct TraceRecord: Sendable, Hashable, Codable {
    /// Virtual time in nanoseconds.
    public var time: Int64
    /// Who acted: `sim`, `net`, a device name, a service name.
    public var component: String
    /// What happened, integer-only text.
    public var event: String

    public init(time: Int64, component: String, event: String) {
        self.time = time
        self.component = component
        self.event = event
    }

    /// The record as one text line.
    public var line: String { "\(time) \(component) \(event)" }

    /// The record as one JSON Lines object with stable key order.
    public var jsonLine: String {
        var out = "{\"t\":\(time),\"c\":"
        JSONValue.writeString(component, into: &out)
        out += ",\"e\":"
        JSONValue.writeString(event, into: &out)
        out += "}"
        return out
    }
}
