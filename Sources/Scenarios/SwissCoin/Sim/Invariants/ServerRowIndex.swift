import FakeCloud

/// The server's rows by `id`, one table at a time, built on the first lookup: a checker that
/// looks up a row per acknowledged edit scans each table once instead of once per edit (which
/// made the check cost edits × rows). Answers what `rows(table).first { id == … }` answers: the
/// first stored row with that id.
final class ServerRowIndex {
    private let admin: AdminView
    private var tables: [String: [String: Row]] = [:]

    init(_ admin: AdminView) { self.admin = admin }

    /// The first stored row of `table` whose `id` is `id`.
    func row(_ table: String, id: String) -> Row? {
        if let rows = tables[table] { return rows[id] }
        var rows: [String: Row] = [:]
        for row in admin.rows(table) {
            if let key = row["id"]?.stringValue, rows[key] == nil { rows[key] = row }
        }
        tables[table] = rows
        return rows[id]
    }
}
