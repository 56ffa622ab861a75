import SimCore

/// One body row of an INSERT converted to its columns' stored forms (`TableStore.preparedInsertRow`).
struct PreparedRow {
    /// The converted values. When `shaped`, a copy of the table's `RowTemplate`: the body's columns
    /// hold their values and every other column NULL. Otherwise the body's columns only.
    var row: Row
    /// Which columns the body filled, a bit set by column position (nil for a table of more than
    /// 64 columns).
    var filled: UInt64?
    /// Whether `row` is a copy of the table's `RowTemplate`, so its entries can be written through
    /// the template's indices.
    var shaped: Bool
}
