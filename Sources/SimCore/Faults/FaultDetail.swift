/// A fault's parameters as a typed value: it prints as the text a fault schedule (and so a replay
/// file) holds, and parses back from exactly that text, never with a default. A scheduled fault
/// whose text does not parse is a harness error (`FaultInjector.malformed`), not a silent no-op.
public protocol FaultDetail: Sendable, Equatable {
    /// The schedule's text for this value (`503`, `step11+job5`).
    var text: String { get }
    /// The value for a schedule's text, or nil when the text is not one this type prints.
    init?(text: String)
}

/// A fault with no parameters (a lost request, a lost response).
public struct NoDetail: FaultDetail {
    public init() {}
    public var text: String { "" }
    public init?(text: String) { guard text.isEmpty else { return nil } }
}

/// A whole number: an HTTP status, seconds of `Retry-After`, nanoseconds of delay, milliseconds
/// of transfer time. `range` bounds what parses (a schedule cannot ask for a negative delay).
public struct IntegerDetail: FaultDetail {
    public let value: Int64

    public init(_ value: Int64) { self.value = value }
    public init(_ value: Int) { self.value = Int64(value) }

    public var text: String { String(value) }
    public init?(text: String) {
        guard let value = Int64(text), value >= 0 else { return nil }
        self.value = value
    }
}

/// A window in which a device is offline: it starts `startNanoseconds` after the phase began and
/// lasts `lengthNanoseconds` (`at=2000000000 for=30000000000`).
public struct OfflineWindow: FaultDetail {
    public let startNanoseconds: Int64
    public let lengthNanoseconds: Int64

    public init(startNanoseconds: Int64, lengthNanoseconds: Int64) {
        precondition(startNanoseconds >= 0 && lengthNanoseconds > 0, "an offline window starts at or after 0 and lasts")
        self.startNanoseconds = startNanoseconds
        self.lengthNanoseconds = lengthNanoseconds
    }

    public var text: String { "at=\(startNanoseconds) for=\(lengthNanoseconds)" }
    public init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, parts[0].hasPrefix("at="), parts[1].hasPrefix("for="),
              let at = Int64(parts[0].dropFirst(3)), let length = Int64(parts[1].dropFirst(4)), at >= 0, length > 0
        else { return nil }
        self.init(startNanoseconds: at, lengthNanoseconds: length)
    }
}
