import SimCore

/// The last sub-query a statement's policies asked (`PolicyContext.visibleRow`) and its answer.
/// A statement's policies read one snapshot and run as one caller, so the same table, column and
/// value always give the same row: a child table's rows, stored by parent, ask the same question
/// several times in a row. One entry: it costs two string and one value comparison to consult.
final class LastPolicyLookup: @unchecked Sendable {
    private var key: (table: String, column: String, value: JSONValue)?
    private var row: Row?

    /// The remembered answer when the question is the last one (the outer nil: not remembered).
    func answer(_ table: String, _ column: String, _ value: JSONValue) -> Row?? {
        guard let key, key.value == value, key.column == column, key.table == table else { return nil }
        return .some(row)
    }

    /// Makes this question and its answer the last one.
    func remember(_ table: String, _ column: String, _ value: JSONValue, _ row: Row?) {
        key = (table, column, value)
        self.row = row
    }
}
