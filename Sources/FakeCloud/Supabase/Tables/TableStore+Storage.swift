import SimCore

/// How to take back one change to stored rows, recorded while a request runs so a failed request
/// can be undone without having copied the tables up front.
enum RowUndo {
    /// A row was appended to the table: remove the last row.
    case appended(table: String)
    /// The row at `position` was overwritten: put `old` back.
    case replaced(table: String, position: Int, old: Row)
    /// The whole table was replaced (a delete): restore `old`.
    case table(table: String, old: [Row])
}

/// Every change to `rows` goes through these, so the unique indexes and the undo journal stay
/// in step with the rows.
extension TableStore {
    /// The index of `constraint` on `table` (every constraint of `allUniques` has one).
    func uniqueIndex(_ schema: TableSchema, _ constraint: UniqueConstraint) -> UniqueIndex? {
        let slot: Int
        if constraint == schema.primaryKey {
            slot = 0
        } else if let found = schema.uniques.firstIndex(of: constraint) {
            slot = found + 1
        } else {
            return nil
        }
        return indexes[schema.name]?[slot]
    }

    /// Appends `row` to `table`.
    mutating func appendRow(_ table: String, _ row: Row) {
        let position = rows[table, default: []].count
        rows[table, default: []].append(row)
        tableRevisions[table, default: 0] &+= 1
        indexes[table]!.withEach { $0.insert(row, at: position) }
        columnIndexes[table]!.withEach { $0.insert(row, at: position) }
        journal.append(.appended(table: table))
        if !viewerRevisions.viewers.isEmpty { viewerRevisions.bump(table, slots: viewersSeeing([row], in: table)) }
    }

    /// Overwrites the row at `position` of `table`, keeping its place.
    mutating func replaceRow(_ table: String, at position: Int, with row: Row) {
        let old = rows[table]![position]
        let sawOld = viewerRevisions.viewers.isEmpty ? [] : viewersSeeing([old], in: table)
        rows[table]![position] = row
        tableRevisions[table, default: 0] &+= 1
        indexes[table]!.withEach { index in
            index.remove(old, at: position)
            index.insert(row, at: position)
        }
        columnIndexes[table]!.withEach { index in
            index.remove(old, at: position)
            index.insert(row, at: position)
        }
        referencedKeys.rowReplaced(table, old: old, new: row)
        journal.append(.replaced(table: table, position: position, old: old))
        noteViewChange(table, sawOld: sawOld, new: [row])
    }

    /// Replaces all rows of `table` (positions shift, so its indexes are rebuilt): `removed` are the
    /// rows (or old versions) that are gone, `added` the new versions that replace some of them.
    mutating func replaceTable(_ table: String, with newRows: [Row], removed: [Row], added: [Row] = []) {
        let old = rows[table] ?? []
        let sawOld = viewersSeeing(removed, in: table)
        rows[table] = newRows
        tableRevisions[table, default: 0] &+= 1
        indexes[table]!.withEach { $0.rebuild(newRows) }
        columnIndexes[table]!.withEach { $0.rebuild(newRows) }
        referencedKeys.tableReplaced(table)
        journal.append(.table(table: table, old: old))
        noteViewChange(table, sawOld: sawOld, new: added)
    }

    /// Bumps the viewer revisions of `table` for the viewers who saw the old version (`sawOld`,
    /// judged before the change) or see one of the `new` versions now.
    private mutating func noteViewChange(_ table: String, sawOld: [Int], new: [Row]) {
        if viewerRevisions.viewers.isEmpty { return }
        let seeNew = viewersSeeing(new, in: table)
        viewerRevisions.bump(table, slots: sawOld + seeNew.filter { !sawOld.contains($0) })
    }

    /// Takes back the journaled changes after `mark`, newest first.
    mutating func undo(to mark: Int) {
        while journal.count > mark {
            let change = journal.removeLast()
            tableRevisions[change.table, default: 0] &+= 1
            viewerRevisions.bumpAll(change.table)  // the undone change is not judged row by row
            switch change {
            case .appended(let table):
                let position = rows[table]!.count - 1
                let row = rows[table]!.removeLast()
                indexes[table]!.withEach { $0.remove(row, at: position) }
                columnIndexes[table]!.withEach { $0.remove(row, at: position) }
            case .replaced(let table, let position, let old):
                let row = rows[table]![position]
                rows[table]![position] = old
                indexes[table]!.withEach { index in
                    index.remove(row, at: position)
                    index.insert(old, at: position)
                }
                columnIndexes[table]!.withEach { index in
                    index.remove(row, at: position)
                    index.insert(old, at: position)
                }
            case .table(let table, let old):
                rows[table] = old
                indexes[table]!.withEach { $0.rebuild(old) }
                columnIndexes[table]!.withEach { $0.rebuild(old) }
            }
        }
    }
}

extension RowUndo {
    /// The table the change was made to.
    var table: String {
        switch self {
        case .appended(let table), .replaced(let table, _, _), .table(let table, _): table
        }
    }
}

extension Array {
    /// Applies `body` to every element (an index) in place.
    mutating func withEach(_ body: (inout Element) -> Void) {
        for slot in indices { body(&self[slot]) }
    }
}
