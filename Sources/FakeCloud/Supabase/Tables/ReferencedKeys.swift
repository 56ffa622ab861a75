/// Which tables may have rows referencing a key that no longer exists, so the end-of-UPDATE
/// foreign-key check (ON UPDATE NO ACTION) only scans the referencing tables when it could fail.
///
/// The rule it keeps: a table *not* in `unverified` has no dangling incoming reference. That holds
/// for empty tables and is kept by every change to stored rows (`TableStore+Storage`):
/// - appending a row adds a key, which cannot break a reference;
/// - overwriting a row whose referenced columns change (an UPDATE, or an upsert's DO UPDATE) marks
///   the table, and both statements then check the incoming keys;
/// - replacing a whole table (a delete, or its cascades) marks it when it is referenced at all;
/// - a failed request restores the set it started with, together with its rows.
/// Child rows cannot dangle on their own: every written child row has its outgoing keys checked.
/// A full scan that finds nothing wrong clears the mark.
struct ReferencedKeys {
    /// Per referenced table, the column lists foreign keys point at (deduplicated, declaration order).
    private let referencedColumns: [String: [[String]]]
    /// Tables that may have a dangling incoming reference (lookups only, never iterated).
    private(set) var unverified: Set<String> = []

    init(tables: [TableSchema]) {
        var referenced: [String: [[String]]] = [:]
        for table in tables {
            for key in table.foreignKeys where !(referenced[key.referencedTable]?.contains(key.referencedColumns) ?? false) {
                referenced[key.referencedTable, default: []].append(key.referencedColumns)
            }
        }
        referencedColumns = referenced
    }

    /// Whether some foreign key references `table`.
    func isReferenced(_ table: String) -> Bool { referencedColumns[table] != nil }

    /// Notes that a row of `table` changed from `old` to `new`.
    mutating func rowReplaced(_ table: String, old: Row, new: Row) {
        guard let lists = referencedColumns[table], !unverified.contains(table) else { return }
        for columns in lists where columns.contains(where: { old[$0] != new[$0] }) {
            unverified.insert(table)
            return
        }
    }

    /// Notes that all rows of `table` were replaced.
    mutating func tableReplaced(_ table: String) {
        if isReferenced(table) { unverified.insert(table) }
    }

    /// Notes that a full scan found no dangling reference to `table`.
    mutating func verified(_ table: String) { unverified.remove(table) }

    /// Whether rows referencing `table` need a scan.
    func needsCheck(_ table: String) -> Bool { unverified.contains(table) }
}
