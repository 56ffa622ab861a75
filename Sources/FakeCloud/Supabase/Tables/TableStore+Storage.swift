import SimCore

/// How to take back one change to stored rows, recorded while a request runs so a failed request
/// can be undone without having copied the tables up front. `table` is the table's slot.
enum RowUndo {
    /// A row was appended to the table: remove the last row.
    case appended(table: Int)
    /// The row at `position` was overwritten: put `old` back.
    case replaced(table: Int, position: Int, old: Row)
    /// The whole table was replaced (a delete): restore `old`.
    case table(table: Int, old: [Row])
}

/// Every change to `rows` goes through these, so the unique indexes and the undo journal stay
/// in step with the rows. Tables are named by slot (`TableSchema.slot`).
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
        return indexes[schema.slot][slot]
    }

    /// Appends `row` to the table at `table`.
    mutating func appendRow(_ table: Int, _ row: Row) {
        let position = rows[table].count
        rows[table].append(row)
        tableRevisions[table] &+= 1
        indexes[table].withEach { $0.insert(row, at: position) }
        columnIndexes[table].withEach { $0.insert(row, at: position) }
        journal.append(.appended(table: table))
        if !viewerRevisions.viewers.isEmpty {
            viewerRevisions.bump(tables[table].name, slots: viewersSeeing([row], in: tables[table].name))
        }
    }

    /// Overwrites the row at `position` of `table`, keeping its place.
    mutating func replaceRow(_ table: Int, at position: Int, with row: Row) {
        let name = tables[table].name
        let old = rows[table][position]
        let sawOld = viewerRevisions.viewers.isEmpty ? [] : viewersSeeing([old], in: name)
        rows[table][position] = row
        tableRevisions[table] &+= 1
        indexes[table].withEach { index in
            index.remove(old, at: position)
            index.insert(row, at: position)
        }
        columnIndexes[table].withEach { index in
            index.remove(old, at: position)
            index.insert(row, at: position)
        }
        referencedKeys.rowReplaced(name, old: old, new: row)
        journal.append(.replaced(table: table, position: position, old: old))
        noteViewChange(name, sawOld: sawOld, new: [row])
    }

    /// Replaces all rows of `table` (positions shift, so its indexes are rebuilt): `removed` are the
    /// rows (or old versions) that are gone, `added` the new versions that replace some of them.
    mutating func replaceTable(_ table: Int, with newRows: [Row], removed: [Row], added: [Row] = []) {
        let name = tables[table].name
        let old = rows[table]
        let sawOld = viewersSeeing(removed, in: name)
        rows[table] = newRows
        tableRevisions[table] &+= 1
        indexes[table].withEach { $0.rebuild(newRows) }
        columnIndexes[table].withEach { $0.rebuild(newRows) }
        referencedKeys.tableReplaced(name)
        journal.append(.table(table: table, old: old))
        noteViewChange(name, sawOld: sawOld, new: added)
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
            tableRevisions[change.table] &+= 1
            viewerRevisions.bumpAll(tables[change.table].name)  // the undone change is not judged row by row
            switch change {
            case .appended(let table):
                let position = rows[table].count - 1
                let row = rows[table].removeLast()
                indexes[table].withEach { $0.remove(row, at: position) }
                columnIndexes[table].withEach { $0.remove(row, at: position) }
            case .replaced(let table, let position, let old):
                let row = rows[table][position]
                rows[table][position] = old
                indexes[table].withEach { index in
                    index.remove(row, at: position)
                    index.insert(old, at: position)
                }
                columnIndexes[table].withEach { index in
                    index.remove(row, at: position)
                    index.insert(old, at: position)
                }
            case .table(let table, let old):
                rows[table] = old
                indexes[table].withEach { $0.rebuild(old) }
                columnIndexes[table].withEach { $0.rebuild(old) }
            }
        }
    }
}

extension RowUndo {
    /// The slot of the table the change was made to.
    var table: Int {
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
