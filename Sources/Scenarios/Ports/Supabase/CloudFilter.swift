import SimValues

/// One PostgREST filter (`column=op.value`), e.g. the seed's `.eq("id", value: ...)` (l.363).
public struct CloudFilter: Sendable, Equatable {
    /// The PostgREST operators the app uses.
    public enum Operator: String, Sendable {
        case eq, neq, `is`, gt, gte, lt, lte
    }
    public let column: String
    public let op: Operator
    public let value: JSONValue

    public init(column: String, op: Operator, value: JSONValue) {
        self.column = column
        self.op = op
        self.value = value
    }

    /// `column=eq.value`
    public static func eq(_ column: String, _ value: JSONValue) -> CloudFilter {
        CloudFilter(column: column, op: .eq, value: value)
    }

    /// `column=is.null`
    public static func isNull(_ column: String) -> CloudFilter {
        CloudFilter(column: column, op: .is, value: .null)
    }
}
