/// The columns an INSERT body names: the union of its rows' keys, which is the column list
/// PostgREST builds for `json_populate_recordset` (see `TableRequest.missingDefault`).
///
/// A one-row body (the common case) answers from the row itself instead of building a set.
struct MentionedColumns {
    private let onlyRow: Row?
    private let union: Set<String>

    init(_ input: [Row]) {
        if input.count == 1 {
            onlyRow = input[0]
            union = []
        } else {
            onlyRow = nil
            union = Set(input.flatMap(\.keys))
        }
    }

    /// Whether some row of the body has `column` as a key.
    func contains(_ column: String) -> Bool {
        if let onlyRow { return onlyRow[column] != nil }
        return union.contains(column)
    }
}
