import SimCore

/// INSERT and INSERT … ON CONFLICT, with PostgreSQL 15's RLS order of checks:
/// 1. the proposed row must pass the INSERT policies' WITH CHECK, else 42501 "new row violates
///    row-level security policy" — checked before conflict arbitration, so it applies to
///    DO NOTHING too;
/// 2. DO UPDATE on a conflicting row: that existing row must pass the UPDATE (and SELECT) USING
///    expressions or the statement fails with 42501 "… (USING expression) …" — it is *not* skipped
///    the way a plain UPDATE skips invisible rows (CREATE POLICY, "Policies Applied by Command
///    Type"; verified on a real server, design.md);
/// 3. the updated row must pass the UPDATE WITH CHECK;
/// 4. DO NOTHING on a conflicting row: silently 0 rows, whoever owns it;
/// 5. a plain INSERT that hits an existing key raises 23505 whether or not the caller can see it.
extension TableStore {
    /// `prepared` holds `preparedInsertRow` of each body row (nil where it found a problem, which
    /// `convertFilling` then raises in body order); the rows are taken out of it, so each stays
    /// uniquely owned.
    mutating func insert(
        _ schema: TableSchema, _ input: [Row], prepared: inout [PreparedRow?],
        conflict: (target: UniqueConstraint, ignore: Bool)?, _ request: TableRequest, _ statement: StatementContext
    ) throws(PostgrestError) -> [Row] {
        let mentioned = MentionedColumns(input, positions: Self.mentionedPositions(schema, prepared))
        let policy = policyContext(statement.auth, for: schema.name)
        var written: [Row] = []
        var touchedKeys: Set<String> = []
        var merged = false
        // PostgREST reads the body with `json_to_recordset` in FROM, a function scan PostgreSQL
        // materializes before the first row is inserted: every value of every row is converted
        // first, so a bad value in row 3 wins over an RLS or NOT NULL failure of row 1 (seen in
        // the PostgreSQL differential, Tests/PostgresDifferentialTests).
        var converted: [PreparedRow] = []
        converted.reserveCapacity(input.count)
        for index in prepared.indices {
            if let row = prepared[index].take() {
                converted.append(row)
            } else {
                let (row, filled) = try convertFilling(schema, input[index])
                converted.append(PreparedRow(row: row, filled: filled, shaped: false))
            }
        }
        // Only a body of several rows can affect one row twice (21000 below): one row skips the keys.
        let tracksKeys = input.count > 1
        // Taken from the end, in body order: each row leaves the list uniquely owned, so filling
        // in its defaults does not copy it.
        converted.reverse()
        while let next = converted.popLast() {
            // `consume`: the popped row is the only reference, so `build` fills it in place.
            let proposed = try build(schema, consume next, mentioned, request.missingDefault, statement)
            // ExecInsert checks the RLS WITH CHECK before the NOT NULL constraints (ExecConstraints),
            // so a row failing both reports 42501 (nodeModifyTable.c; verified on PostgreSQL 15).
            if !schema.security.passesCheck(.insert, proposed, policy) {
                throw PostgrestError.withCheckViolation(table: schema.name)
            }
            try checkNotNull(schema, proposed)
            guard let conflict, let index = indexOfConflict(schema, proposed, on: conflict.target) else {
                try checkUnique(schema, proposed, excluding: nil)
                appendRow(schema.slot, proposed)
                record(schema, proposed, conflict == nil ? .insert : .upsertInsert, statement)
                written.append(proposed)
                // A row this command inserted is "affected" too: a later body row with the same key
                // makes DO UPDATE raise 21000 (PostgreSQL 15, ExecOnConflictUpdate).
                if tracksKeys { touchedKeys.insert(schema.keyText(of: proposed)) }
                continue
            }
            if conflict.ignore { continue }
            if tracksKeys && !touchedKeys.insert(schema.keyText(of: rows[schema.slot][index])).inserted {
                throw PostgrestError.affectedTwice
            }
            merged = true
            written.append(try mergeConflict(schema, at: index, with: proposed, mentioned, policy, statement))
        }
        try checkOutgoingKeys(schema, written)
        // DO UPDATE may rewrite a referenced key (`SET id = EXCLUDED.id` on a natural-key target):
        // the referencing rows are checked as after a plain UPDATE (ON UPDATE NO ACTION).
        if merged { try checkIncomingKeys(schema) }
        return try representation(schema, written, request, policy)
    }

    /// The ON CONFLICT DO UPDATE branch: `SET col = EXCLUDED.col` for every column in the payload.
    private mutating func mergeConflict(
        _ schema: TableSchema, at index: Int, with proposed: Row, _ mentioned: MentionedColumns, _ policy: PolicyContext,
        _ statement: StatementContext
    ) throws(PostgrestError) -> Row {
        let existing = rows[schema.slot][index]
        let security = schema.security
        if !security.passesUsing(.update, existing, policy) || !security.passesUsing(.select, existing, policy) {
            throw PostgrestError.usingViolation(table: schema.name)
        }
        var merged = existing
        for (position, column) in schema.columns.enumerated() where mentioned.contains(column, at: position) {
            merged[column.name] = proposed[column.name] ?? .null
        }
        stamp(schema, &merged, statement)
        if !security.passesCheck(.update, merged, policy) {
            throw PostgrestError.withCheckViolation(table: schema.name)
        }
        try checkUnique(schema, merged, excluding: index)
        replaceRow(schema.slot, at: index, with: merged)
        record(schema, merged, .upsertUpdate, statement)
        return merged
    }

    /// The body row's values through their columns' input functions, in column declaration order.
    /// One name lookup per body value; when a value fails, or a key is not a column,
    /// `convertInColumnOrder` redoes it so the error is the first in declaration order.
    func convert(_ schema: TableSchema, _ input: Row) throws(PostgrestError) -> Row {
        try convertFilling(schema, input).row
    }

    /// `convert`, and which columns the row fills as a bit set by column position (nil for a table
    /// of more than 64 columns), so `buildRow` adds the missing ones without looking names up.
    /// The new row has room for every column, so adding the defaults later never regrows it.
    func convertFilling(_ schema: TableSchema, _ input: Row) throws(PostgrestError) -> (row: Row, filled: UInt64?) {
        if let converted = convertedIfClean(schema, input) { return converted }
        return (try convertInColumnOrder(schema, input), nil)
    }

    /// An INSERT body row converted as `convertedIfClean` does, into a copy of the table's
    /// `RowTemplate` when it has one (no column name hashed twice, and the columns the body lacks
    /// are already there to be filled in place); nil where `convertedIfClean` gives nil.
    func preparedInsertRow(_ schema: TableSchema, _ input: Row) -> PreparedRow? {
        let template = schema.layout.template
        return convertedIfClean(schema, input, into: template).map { PreparedRow(row: $0.row, filled: $0.filled, shaped: template != nil) }
    }

    /// The union of the prepared rows' filled columns, when every row has one and the table's
    /// column names are distinct (see `MentionedColumns`).
    static func mentionedPositions(_ schema: TableSchema, _ prepared: [PreparedRow?]) -> UInt64? {
        guard schema.layout.template != nil else { return nil }
        var union: UInt64 = 0
        for row in prepared {
            guard let filled = row?.filled else { return nil }
            union |= filled
        }
        return union
    }

    /// `convertFilling` when every key is a column and every value converts; nil otherwise (it
    /// raises nothing, so a body can be converted before the checks that must raise first).
    /// With `template` (the table's), the row is a copy of it written through its indices.
    func convertedIfClean(_ schema: TableSchema, _ input: Row, into template: RowTemplate? = nil) -> (row: Row, filled: UInt64?)? {
        var row = template?.row ?? Row(minimumCapacity: schema.columns.count)
        var filled: UInt64 = 0
        for (key, value) in input {
            guard let position = schema.layout.positions[key], let converted = try? schema.columns[position].type.coerce(value)
            else { return nil }
            row.set(converted, column: key, at: position, through: template?.indices)
            if position < 64 { filled |= 1 << UInt64(position) }
        }
        return (row, schema.columns.count <= 64 ? filled : nil)
    }

    /// `convert` column by column in declaration order: the first bad value raises, keys that are
    /// not columns are left out.
    private func convertInColumnOrder(_ schema: TableSchema, _ input: Row) throws(PostgrestError) -> Row {
        var row = Row(minimumCapacity: input.count)
        for column in schema.columns {
            if let value = input[column.name] { row[column.name] = try column.type.coerce(value) }
        }
        return row
    }

    /// Defaults for the columns a converted body row lacks (see `convertFilling`): NULL for a column
    /// another body row names, else the column default (NOT NULL is the caller's to check, after
    /// the RLS WITH CHECK).
    func fillMissingColumns(
        _ schema: TableSchema, _ row: inout PreparedRow, filled: UInt64, _ mentioned: MentionedColumns, _ missingDefault: Bool,
        _ statement: StatementContext
    ) throws(PostgrestError) {
        // `row` holds only columns: add the ones `filled` lacks (a shaped row has them, NULL:
        // they are set through the template's indices).
        var now: JSONValue?
        let indices = row.shaped ? schema.layout.template?.indices : nil
        for (position, column) in schema.columns.enumerated() where filled & (1 << UInt64(position)) == 0 {
            let value = try missingValue(column, at: position, mentioned, missingDefault, statement, now: &now)
            row.row.set(value, column: column.name, at: position, through: indices)
        }
    }

    /// The value of a column the body row lacks: NULL when another body row names it (PostgREST's
    /// `json_populate_recordset` fills a missing key with NULL) unless `missing=default` was asked,
    /// else the column's default. `now()` is one value per statement: `now` keeps its text.
    private func missingValue(
        _ column: ColumnSchema, at position: Int, _ mentioned: MentionedColumns, _ missingDefault: Bool,
        _ statement: StatementContext, now: inout JSONValue?
    ) throws(PostgrestError) -> JSONValue {
        if mentioned.contains(column, at: position) && !missingDefault { return .null }
        guard column.defaultValue == .now else { return try defaultValue(column, statement) }
        if now == nil { now = try defaultValue(column, statement) }
        return now!
    }

    /// `fillMissingColumns` for a row whose filled columns are not known (a table of more than 64
    /// columns): the full row, column by column by name.
    private func buildRowByName(
        _ schema: TableSchema, _ input: Row, _ mentioned: MentionedColumns, _ missingDefault: Bool,
        _ statement: StatementContext
    ) throws(PostgrestError) -> Row {
        var row = Row(minimumCapacity: schema.columns.count)
        var now: JSONValue?
        for (position, column) in schema.columns.enumerated() {
            if let value = input[column.name] {
                row[column.name] = value
            } else {
                row[column.name] = try missingValue(column, at: position, mentioned, missingDefault, statement, now: &now)
            }
        }
        return row
    }

    /// The full new row from a converted body row (`convertFilling`): defaults, random uuids (drawn
    /// in column order) and stamps.
    private mutating func build(
        _ schema: TableSchema, _ prepared: consuming PreparedRow, _ mentioned: MentionedColumns, _ missingDefault: Bool,
        _ statement: StatementContext
    ) throws(PostgrestError) -> Row {
        // Columns that get a fresh uuid: absent from the body and not sent as NULL.
        var drawn: [(position: Int, column: ColumnSchema)] = []
        for (position, column) in schema.columns.enumerated() where column.defaultValue == .randomUUID {
            let absent = prepared.filled.map { $0 & (1 << UInt64(position)) == 0 } ?? (prepared.row[column.name] == nil)
            if absent && (!mentioned.contains(column, at: position) || missingDefault) { drawn.append((position, column)) }
        }
        if let filled = prepared.filled {
            try fillMissingColumns(schema, &prepared, filled: filled, mentioned, missingDefault, statement)
        } else {
            prepared.row = try buildRowByName(schema, prepared.row, mentioned, missingDefault, statement)
        }
        let indices = prepared.shaped ? schema.layout.template?.indices : nil
        var row = prepared.row
        prepared.row = [:]  // `row` is now the only reference: the writes below stay in place
        for (position, column) in drawn {
            row.set(.string(random.uuidString()), column: column.name, at: position, through: indices)
        }
        stamp(schema, &row, statement, indices: indices)
        return row
    }

    /// The `BEFORE INSERT OR UPDATE` triggers: every stamped column gets its value, whatever the
    /// statement sent. `indices`: the row is a copy of the table's `RowTemplate`, written through
    /// these.
    mutating func stamp(_ schema: TableSchema, _ row: inout Row, _ statement: StatementContext, indices: [Row.Index]? = nil) {
        for (position, column) in schema.columns.enumerated() {
            let value: JSONValue
            switch column.stamp {
            case nil: continue
            case .now: value = .string(CivilTime.timestampText(micros: epochMicros + statement.nanoseconds / 1000))
            case .sequence:
                lastSequenceValue += 1
                value = .int(lastSequenceValue)
            }
            row.set(value, column: column.name, at: position, through: indices)
        }
    }

    /// A column default evaluated for one row (random uuids are drawn by the caller, which owns
    /// the mutable random stream).
    func defaultValue(_ column: ColumnSchema, _ statement: StatementContext) throws(PostgrestError) -> JSONValue {
        let micros = epochMicros + statement.nanoseconds / 1000
        switch column.defaultValue {
        case nil, .randomUUID: return .null
        case .value(let value): return try column.type.coerce(value)
        case .now: return .string(CivilTime.timestampText(micros: micros))
        case .currentDate: return .string(CivilTime.dateText(days: CivilTime.floorDiv(micros, 86_400_000_000)))
        case .authUID: return statement.auth.uid.map(JSONValue.string) ?? .null
        }
    }

    /// 23502 for the first column in declaration order that is NOT NULL and NULL (or absent) in `row`.
    func checkNotNull(_ schema: TableSchema, _ row: Row) throws(PostgrestError) {
        // A built row has every column (its keys are columns, so a full count means all of them):
        // only its NULL values need their column looked up. Any doubt takes the column-by-column
        // path, which also picks the error to report.
        if row.count == schema.columns.count
            && !row.contains(where: { $0.value.isNull && schema.layout.positions[$0.key].map { !schema.columns[$0].nullable } ?? true })
        {
            return
        }
        for column in schema.columns where !column.nullable && (row[column.name]?.isNull ?? true) {
            throw PostgrestError.notNull(column: column.name, table: schema.name)
        }
    }

    /// The stored row that has the same values as `row` on `constraint`'s columns (NULLs never
    /// conflict, as in PostgreSQL's default NULLS DISTINCT).
    func indexOfConflict(_ schema: TableSchema, _ row: Row, on constraint: UniqueConstraint, excluding: Int? = nil)
        -> Int?
    {
        guard let index = uniqueIndex(schema, constraint), let position = index.position(matching: row),
            position != excluding
        else { return nil }
        return position
    }

    /// 23505 when `row` collides with a stored row on the primary key or any unique constraint.
    func checkUnique(_ schema: TableSchema, _ row: Row, excluding: Int?) throws(PostgrestError) {
        for constraint in schema.allUniques where indexOfConflict(schema, row, on: constraint, excluding: excluding) != nil {
            throw PostgrestError.duplicateKey(
                constraint: constraint.name, columns: constraint.columns, values: constraint.columns.map { row[$0] ?? .null })
        }
    }

    mutating func record(_ schema: TableSchema, _ row: Row?, _ operation: WriteOperation, _ statement: StatementContext, key: String? = nil) {
        provenance.append(
            table: schema.name, key: key ?? row.map(schema.keyText) ?? "", operation: operation, row: row, by: statement)
    }

    /// `RETURNING *`: written rows must also pass the SELECT policy, else 42501 (PostgreSQL applies
    /// SELECT policies to rows a RETURNING clause would reveal).
    func representation(_ schema: TableSchema, _ written: [Row], _ request: TableRequest, _ policy: PolicyContext)
        throws(PostgrestError) -> [Row]
    {
        guard request.returnRepresentation else { return [] }
        for row in written where !schema.security.passesUsing(.select, row, policy) {
            throw PostgrestError.withCheckViolation(table: schema.name)
        }
        return written
    }
}
