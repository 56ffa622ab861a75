import FakeCloud

/// One collection's rows with the first position of each local id, server id and name, so the
/// content oracle finds an entity's row in O(1) instead of scanning the collection (a scan per
/// entity made every check, and every audit at the app's announcements, quadratic in the data).
/// Picks exactly the row a scan in row order would: the first by local id, else the first by
/// server id, else the first whose content matches.
struct RowLookup {
    let rows: [RESTRow]
    private var byLocalId: [String: Int] = [:]
    private var byId: [String: Int] = [:]
    private var byName: [String: Int] = [:]
    /// Positions of rows whose name field holds no string (matched by another rule, if any).
    private var unnamed: [Int] = []

    /// The lookup of `rows`, named by their `nameField` (`name`, `title`, `image_prompt`).
    init(_ rows: [RESTRow], nameField: String) {
        self.rows = rows
        for (position, row) in rows.enumerated() {
            if let localId = row.fields["local_id"]?.stringValue, byLocalId[localId] == nil { byLocalId[localId] = position }
            if byId[row.id] == nil { byId[row.id] = position }
            if let name = row.fields[nameField]?.stringValue {
                if byName[name] == nil { byName[name] = position }
            } else {
                unnamed.append(position)
            }
        }
    }

    /// The row carrying `localId`, else the row `serverId` names, else the first whose name is
    /// `name` or, among rows with no name, the first that `unnamedMatch` accepts.
    func pick(localId: String, serverId: String?, name: String, unnamedMatch: (RESTRow) -> Bool = { _ in false }) -> RESTRow? {
        if let position = byLocalId[localId] { return rows[position] }
        if let serverId, let position = byId[serverId] { return rows[position] }
        let named = byName[name]
        let other = unnamed.first { position in (named.map { position < $0 } ?? true) && unnamedMatch(rows[position]) }
        return (other ?? named).map { rows[$0] }
    }
}
