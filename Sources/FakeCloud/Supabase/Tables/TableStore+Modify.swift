import SimCore

/// UPDATE and DELETE with PostgreSQL 15's RLS: rows the caller may not see or modify are silently
/// left out (`UPDATE 0` / `DELETE 0`, no error). Both commands read the filtered columns, so the
/// SELECT policy applies as well as the command's own USING; an updated row failing the UPDATE
/// WITH CHECK raises 42501. Foreign keys are checked at the end of the statement, like PostgreSQL's
/// non-deferred RI triggers, and bypass RLS as RI queries do.
extension TableStore {
    mutating func update(_ schema: TableSchema, _ values: Row, _ request: TableRequest, _ statement: StatementContext)
        throws(PostgrestError) -> [Row]
    {
        // PostgREST sends no UPDATE for a body without columns (`SELECT … WHERE false`, filters
        // left out), so nothing is checked either.
        if values.isEmpty { return [] }
        // The body is joined in as `json_to_recordset` (PostgREST's `UPDATE … FROM`). When no row
        // qualifies, whether PostgreSQL runs that function scan at all depends on the join order
        // its planner picks from table statistics: a bad body value then fails or not. The fake
        // always converts it (the answer that tells the client its body is bad); the differential
        // knows this difference (Tests/PostgresDifferentialTests/KnownDifference.swift).
        let coerced = try convert(schema, values)
        let policy = policyContext(statement.auth, for: schema.name)
        var written: [Row] = []
        // Candidates are fixed before the first write: a row matches on its value before the
        // statement, and an update never moves a row.
        let keyed = keyedPositions(schema, request.filters)
        let filters = PreparedFilters(request.filters, schema, candidates: keyed?.count)
        for index in keyed ?? Array(rows[schema.slot].indices) {
            let row = rows[schema.slot][index]
            guard try filters.matches(row), isModifiable(schema, row, .update, policy) else { continue }
            var updated = row
            for (key, value) in coerced { updated[key] = value }
            stamp(schema, &updated, statement)
            // RLS WITH CHECK before NOT NULL, as ExecUpdateAct orders them (see `insert`).
            if !schema.security.passesCheck(.update, updated, policy) {
                throw PostgrestError.withCheckViolation(table: schema.name)
            }
            try checkNotNull(schema, updated)
            try checkUnique(schema, updated, excluding: index)
            replaceRow(schema.slot, at: index, with: updated)
            record(schema, updated, .update, statement)
            written.append(updated)
        }
        try checkOutgoingKeys(schema, written)
        try checkIncomingKeys(schema)
        return try representation(schema, written, request, policy)
    }

    /// Candidates come through the key index when a filter is an equality on a unique column (as
    /// `update`); a statement that removes nothing leaves the table, its indexes and its
    /// referenced-key mark alone.
    mutating func delete(_ schema: TableSchema, _ request: TableRequest, _ statement: StatementContext)
        throws(PostgrestError) -> [Row]
    {
        let policy = policyContext(statement.auth, for: schema.name)
        let stored = rows[schema.slot]
        var removedPositions: [Int] = []
        let keyed = keyedPositions(schema, request.filters)
        let filters = PreparedFilters(request.filters, schema, candidates: keyed?.count)
        for position in keyed ?? Array(stored.indices) {
            let row = stored[position]
            if try filters.matches(row), isModifiable(schema, row, .delete, policy) {
                removedPositions.append(position)
            }
        }
        if removedPositions.isEmpty { return [] }
        let removed = removedPositions.map { stored[$0] }
        replaceTable(schema.slot, with: stored.removing(ascendingPositions: removedPositions), removed: removed)
        for row in removed { record(schema, nil, .delete, statement, key: schema.keyText(of: row)) }
        try applyDeleteActions(schema, removed, statement)
        return request.returnRepresentation ? removed : []
    }

    private func isModifiable(_ schema: TableSchema, _ row: Row, _ command: PolicyCommand, _ policy: PolicyContext) -> Bool {
        schema.security.passesUsing(command, row, policy) && schema.security.passesUsing(.select, row, policy)
    }

    /// ON DELETE actions of every foreign key that references `parent`, recursively.
    ///
    /// The referencing rows are found by a scan of the child table, as PostgreSQL does: declaring a
    /// foreign key creates no index on the referencing columns, so "a DELETE of a row from the
    /// referenced table … will require a scan of the referencing table" (PostgreSQL 15 docs,
    /// "Constraints", 5.4.5 Foreign Keys). The scan hashes nothing when one key is gone.
    private mutating func applyDeleteActions(_ parent: TableSchema, _ removed: [Row], _ statement: StatementContext)
        throws(PostgrestError)
    {
        if removed.isEmpty { return }
        for child in tables {
            for key in child.foreignKeys where key.referencedTable == parent.name {
                let gone = GoneKeys(removed.map { row in key.referencedColumns.map { row[$0] ?? .null } })
                try applyDeleteAction(key, child, gone, parent, statement)
            }
        }
    }

    private mutating func applyDeleteAction(
        _ key: ForeignKeySchema, _ child: TableSchema, _ gone: GoneKeys, _ parent: TableSchema,
        _ statement: StatementContext
    ) throws(PostgrestError) {
        var kept: [Row] = []
        var cascaded: [Row] = []
        var matched: [Row] = []
        var nulled: [Row] = []
        var changed = false
        for row in rows[child.slot] {
            guard let values = gone.match(row, key.columns) else { kept.append(row); continue }
            changed = true
            matched.append(row)
            switch key.onDelete {
            case .restrict:
                throw PostgrestError(
                    code: "23503",
                    message: "update or delete on table \"\(parent.name)\" violates foreign key constraint \"\(key.name)\" on table \"\(child.name)\"",
                    details: "Key (\(key.referencedColumns.joined(separator: ", ")))=(\(values.map(\.sqlText).joined(separator: ", "))) is still referenced from table \"\(child.name)\".")
            case .cascade:
                cascaded.append(row)
                record(child, nil, .cascadeDelete, statement, key: child.keyText(of: row))
            case .setNull:
                var updated = row
                for column in key.columns { updated[column] = .null }
                try checkNotNull(child, updated)
                kept.append(updated)
                nulled.append(updated)
                record(child, updated, .cascadeSetNull, statement)
            }
        }
        if changed { replaceTable(child.slot, with: kept, removed: matched, added: nulled) }
        try applyDeleteActions(child, cascaded, statement)
    }

    /// 23503 when a written row references a parent row that does not exist (RLS not applied).
    func checkOutgoingKeys(_ schema: TableSchema, _ written: [Row]) throws(PostgrestError) {
        if written.isEmpty { return }
        for (number, key) in schema.foreignKeys.enumerated() {
            let parentIndex = foreignKeyTargets[schema.slot][number].flatMap { target in target.index.map { indexes[target.slot][$0] } }
            var parents: Set<[JSONValue]>?  // built only when no unique index covers the referenced columns
            for row in written {
                if key.columns.count == 1, let parentIndex {
                    // The common one-column key: no key array.
                    guard let value = row[key.columns[0]], !value.isNull else { continue }
                    if parentIndex.position(ofValue: value) != nil { continue }
                    try raiseMissingParent(schema, key, [value])
                }
                let values = key.columns.map { row[$0] ?? .null }
                if values.contains(where: \.isNull) { continue }
                if let parentIndex {
                    if parentIndex.position(of: values) != nil { continue }
                } else {
                    if parents == nil { parents = parentKeys(key) }
                    if parents!.contains(values) { continue }
                }
                try raiseMissingParent(schema, key, values)
            }
        }
    }

    /// The referenced values of every row of `key`'s parent table.
    private func parentKeys(_ key: ForeignKeySchema) -> Set<[JSONValue]> {
        Set((schemas[key.referencedTable].map { rows[$0.slot] } ?? []).map { row in key.referencedColumns.map { row[$0] ?? .null } })
    }

    /// 23503 for a written row of `schema` whose `key` values find no parent row.
    private func raiseMissingParent(_ schema: TableSchema, _ key: ForeignKeySchema, _ values: [JSONValue]) throws(PostgrestError) -> Never {
        throw PostgrestError(
            code: "23503",
            message: "insert or update on table \"\(schema.name)\" violates foreign key constraint \"\(key.name)\"",
            details: "Key (\(key.columns.joined(separator: ", ")))=(\(values.map(\.sqlText).joined(separator: ", "))) is not present in table \"\(key.referencedTable)\".")
    }

    /// After an UPDATE of `parent`: every row referencing it must still find its parent
    /// (ON UPDATE NO ACTION, the default). Skipped when no referenced key can have changed since
    /// the last check (see `ReferencedKeys`): the scan would find nothing.
    mutating func checkIncomingKeys(_ parent: TableSchema) throws(PostgrestError) {
        guard referencedKeys.needsCheck(parent.name) else { return }
        try scanIncomingKeys(parent)
        referencedKeys.verified(parent.name)
    }

    /// The full scan behind `checkIncomingKeys`: the first referencing row, in table declaration,
    /// key and row order, whose parent is missing raises 23503.
    private func scanIncomingKeys(_ parent: TableSchema) throws(PostgrestError) {
        for child in tables {
            for key in child.foreignKeys where key.referencedTable == parent.name {
                let present = Set(rows[parent.slot].map { row in key.referencedColumns.map { row[$0] ?? .null } })
                for row in rows[child.slot] {
                    let values = key.columns.map { row[$0] ?? .null }
                    if values.contains(where: \.isNull) || present.contains(values) { continue }
                    throw PostgrestError(
                        code: "23503",
                        message: "update or delete on table \"\(parent.name)\" violates foreign key constraint \"\(key.name)\" on table \"\(child.name)\"",
                        details: "Key (\(key.referencedColumns.joined(separator: ", ")))=(\(values.map(\.sqlText).joined(separator: ", "))) is still referenced from table \"\(child.name)\".")
                }
            }
        }
    }

    /// Inserts a row as the system (a trigger running SECURITY DEFINER): no RLS, constraints apply.
    public mutating func systemInsert(
        _ table: String, _ input: Row, by statement: StatementContext, operation: WriteOperation = .insert
    ) throws(PostgrestError) {
        let request = TableRequest(table: table, action: .insert([input]))
        var system = statement
        system.auth = .serviceRole
        let before = provenance.entries.count
        _ = try execute(request, by: system)
        provenance.relabel(from: before, as: operation)
    }
}

/// The referenced key values a delete removed, as a referencing row's columns are matched against
/// them: one key (the usual delete by id) compares by equality, several go through a set.
///
/// Both compare NULL equal to NULL, as this fake always has: a parent deleted with a NULL in a
/// referenced *unique* (not primary-key) column would match children whose foreign key is NULL,
/// where PostgreSQL (MATCH SIMPLE) matches none. Kept unchanged here (a speed change); noted.
struct GoneKeys {
    private let only: [JSONValue]?
    private let set: Set<[JSONValue]>

    init(_ keys: [[JSONValue]]) {
        only = keys.count == 1 ? keys[0] : nil
        set = keys.count == 1 ? [] : Set(keys)
    }

    /// `row`'s values of `columns` when they are one of the gone keys, else nil.
    func match(_ row: Row, _ columns: [String]) -> [JSONValue]? {
        if let only, columns.count == 1 {
            // No key array unless it matches; NULLs compare as the set did (see the type's note).
            guard let value = row[columns[0]], value == only[0] else { return nil }
            return [value]
        }
        let values = columns.map { row[$0] ?? .null }
        if let only { return values == only ? values : nil }
        return set.contains(values) ? values : nil
    }
}

extension Array {
    /// The array without the elements at `positions` (ascending, distinct), order kept.
    func removing(ascendingPositions positions: [Int]) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count - positions.count)
        var next = 0
        for (position, element) in enumerated() {
            if next < positions.count && positions[next] == position { next += 1; continue }
            result.append(element)
        }
        precondition(next == positions.count, "positions must be ascending and inside the array")
        return result
    }
}
