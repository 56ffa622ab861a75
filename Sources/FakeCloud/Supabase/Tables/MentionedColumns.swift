/// The columns an INSERT body names: the union of its rows' keys, which is the column list
/// PostgREST builds for `json_populate_recordset` (see `TableRequest.missingDefault`).
///
/// A one-row body (the common case) answers from the row itself instead of building a set, and a
/// body whose columns are known by position (`positions`) answers without hashing a name.
struct MentionedColumns {
    private let onlyRow: Row?
    private let union: Set<String>
    /// The union of the body rows' columns as a bit set by column position, when every row's is
    /// known and the table's column names are distinct (a position then names one column).
    private let positions: UInt64?

    init(_ input: [Row], positions: UInt64? = nil) {
        self.positions = positions
        if positions != nil || input.count == 1 {
            onlyRow = positions != nil ? nil : input[0]
            union = []
        } else {
            onlyRow = nil
            union = Set(input.flatMap(\.keys))
        }
    }

    /// Whether some row of the body has `column`, at `position` of its table's columns, as a key.
    func contains(_ column: ColumnSchema, at position: Int) -> Bool {
        if let positions { return positions & (1 << UInt64(position)) != 0 }
        if let onlyRow { return onlyRow[column.name] != nil }
        return union.contains(column.name)
    }
}
