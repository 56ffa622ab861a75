import SimCore

/// A row of one table with every column NULL, and where each column's entry sits in it: a new row
/// starts as a copy and is written value by value through `indices`, without hashing a column name.
///
/// This rests on how Swift's native `Dictionary` copies: a copy-on-write copy keeps its original's
/// capacity, seed, age and buckets (`_NativeDictionary.copy()` initializes every entry at the
/// bucket it had), so an index of the template is an index of every copy, as long as no key is
/// added or removed. Writing a value through an index never adds or removes a key. An index used
/// on a dictionary of another layout is not silently wrong: the standard library checks its age
/// and traps. Only the insert path uses it, on rows it has just copied from the template.
struct RowTemplate: Sendable {
    /// Every column, NULL.
    let row: Row
    /// The index of each column's entry in `row` (and in every copy of it), by column position.
    let indices: [Row.Index]

    init(_ columns: [ColumnSchema]) {
        var row = Row(minimumCapacity: columns.count)
        for column in columns { row[column.name] = .null }
        self.row = row
        self.indices = columns.map { row.index(forKey: $0.name)! }
    }
}

extension Row {
    /// Sets `column` (at `position` in its table) to `value`: through `indices` when the row is a
    /// copy of the table's `RowTemplate` (no name hashed), else by name.
    mutating func set(_ value: JSONValue, column: String, at position: Int, through indices: [Index]?) {
        if let indices { values[indices[position]] = value } else { self[column] = value }
    }
}
