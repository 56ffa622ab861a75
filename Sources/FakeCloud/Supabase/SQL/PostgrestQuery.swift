import SimCore

/// The SQL PostgREST runs for a `TableRequest`, for replaying the fake's requests on a real
/// PostgreSQL. One statement whose single value is the response body as `jsonb`: the rows (an
/// array) for reads and `return=representation`, the affected-row count for `return=minimal`.
///
/// Mirrors PostgREST's `mutatePlanToQuery` / `readPlanToQuery` and `fromJsonBodyF`
/// (PostgREST/postgrest `src/PostgREST/Query/QueryBuilder.hs` and `Query/SqlFragment.hs`):
/// - the body goes through `json_to_recordset(…) AS _(col type, …)` over the union of the body's
///   keys (an object is wrapped in an array first), so a key a row lacks is NULL, and with
///   `Prefer: missing=default` each element is first merged over `jsonb_build_object(col, default)`;
/// - an empty key set inserts one all-defaults row per element (`json_array_elements`);
/// - `resolution=merge-duplicates` → `ON CONFLICT(target) DO UPDATE SET c = EXCLUDED.c` for every
///   body column (`DO NOTHING` when the body names no column), `ignore-duplicates` → `DO NOTHING`;
/// - filters compare the column with an `unknown`-typed literal (`= ANY('{…}')` for `in`), so the
///   literal is parsed as the column's type;
/// - `RETURNING 1` for `return=minimal`, `RETURNING "t".*` for representation;
/// - a PATCH with no column becomes `SELECT … WHERE false` (nothing updated).
/// PostgREST raises PGRST204 for a body key that is not a column before sending any SQL
/// (errors reference, "PGRST204"); so does `statement`.
public enum PostgrestQuery {
    /// The statement for `request` on `table` (nil: a table the schema lacks; the statement then
    /// names it and PostgreSQL raises 42P01). `clock` must be the one the schema was generated with:
    /// `missing=default` writes the column defaults into the statement, as PostgREST copies them
    /// from its schema cache.
    public static func statement(_ request: TableRequest, table: TableSchema?, clock: PostgresClock = .transactionStart)
        throws(PostgrestError) -> String
    {
        guard let table else {
            return "SELECT coalesce(jsonb_agg(_t), '[]'::jsonb) FROM \(PostgresSchemaScript.table(request.table)) _t"
        }
        switch request.action {
        case .select:
            return "SELECT coalesce(jsonb_agg(_postgrest_t), '[]'::jsonb) FROM (\(select(request, table))) _postgrest_t"
        case .insert(let rows):
            return try wrap(insert(rows, table, request, conflict: nil, clock), request)
        case .upsert(let rows, let target, let ignore):
            let columns = target ?? table.primaryKey.columns
            return try wrap(insert(rows, table, request, conflict: (columns, ignore), clock), request)
        case .update(let values):
            try checkKeys(Array(values.keys), table)
            if values.isEmpty { return "SELECT '[]'::jsonb" }
            return wrap(update(values, table, request), request)
        case .delete:
            return wrap("DELETE FROM \(PostgresSchemaScript.table(table.name))\(whereClause(request, table)) \(returning(request, table))", request)
        }
    }

    /// `WITH pgrst_source AS (mutation) SELECT body`.
    private static func wrap(_ mutation: String, _ request: TableRequest) -> String {
        let body = request.returnRepresentation
            ? "coalesce(jsonb_agg(_postgrest_t), '[]'::jsonb)" : "to_jsonb(pg_catalog.count(_postgrest_t))"
        return "WITH pgrst_source AS (\(mutation)) SELECT \(body) FROM (SELECT * FROM pgrst_source) _postgrest_t"
    }

    private static func returning(_ request: TableRequest, _ table: TableSchema) -> String {
        request.returnRepresentation ? "RETURNING \(PostgresSchemaScript.table(table.name)).*" : "RETURNING 1"
    }

    private static func select(_ request: TableRequest, _ table: TableSchema) -> String {
        var text = "SELECT \(PostgresName.quoted(table.name)).* FROM \(PostgresSchemaScript.table(table.name))\(whereClause(request, table))"
        if !request.order.isEmpty {
            text += " ORDER BY " + request.order.map { term in
                qualified(table, term.column) + (term.ascending ? " ASC" : " DESC")
            }.joined(separator: ", ")
        }
        if request.limit != nil || request.offset != nil {
            text += " LIMIT " + (request.limit.map { String(max(0, $0)) } ?? "ALL") + " OFFSET \(max(0, request.offset ?? 0))"
        }
        return text
    }

    /// PGRST204 for the first body key, in sorted order, that is not a column (as the fake reports).
    private static func checkKeys(_ keys: [String], _ table: TableSchema) throws(PostgrestError) {
        for key in keys.sorted() where table.column(key) == nil {
            throw PostgrestError(code: "PGRST204", message: "Could not find the '\(key)' column of '\(table.name)' in the schema cache")
        }
    }

    /// The body's columns: the union of its rows' keys, in table declaration order.
    private static func bodyColumns(_ rows: [Row], _ table: TableSchema) -> [ColumnSchema] {
        table.columns.filter { column in rows.contains { $0[column.name] != nil } }
    }

    private static func insert(
        _ rows: [Row], _ table: TableSchema, _ request: TableRequest, conflict: ([String], Bool)?, _ clock: PostgresClock
    ) throws(PostgrestError) -> String
    {
        try checkKeys(rows.flatMap(\.keys), table)
        let columns = bodyColumns(rows, table)
        let names = columns.map { PostgresName.quoted($0.name) }
        var text = "INSERT INTO \(PostgresSchemaScript.table(table.name))"
        text += names.isEmpty ? " " : "(\(names.joined(separator: ", "))) "
        text += "SELECT " + names.map { "pgrst_body.\($0)" }.joined(separator: ", ") + " "
        text += body(JSONValue.array(rows.map(JSONValue.object)), columns, defaults: request.missingDefault ? clock : nil)
        if let (target, ignore) = conflict {
            text += " ON CONFLICT(\(target.map(PostgresName.quoted).joined(separator: ", "))) "
            if ignore || names.isEmpty {
                text += "DO NOTHING"
            } else {
                text += "DO UPDATE SET " + names.map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ")
            }
        }
        return text + " " + returning(request, table)
    }

    private static func update(_ values: Row, _ table: TableSchema, _ request: TableRequest) -> String {
        let columns = bodyColumns([values], table)
        let sets = columns.map { "\(PostgresName.quoted($0.name)) = pgrst_body.\(PostgresName.quoted($0.name))" }
        return "UPDATE \(PostgresSchemaScript.table(table.name)) SET \(sets.joined(separator: ", ")) "
            + body(.object(values), columns, defaults: nil)
            + whereClause(request, table) + " " + returning(request, table)
    }

    /// `fromJsonBodyF` without the select list: `FROM (payload), LATERAL (…) pgrst_body`.
    private static func body(_ json: JSONValue, _ columns: [ColumnSchema], defaults clock: PostgresClock?) -> String {
        let defaults = clock != nil
        let (typeOf, buildArray, elements, recordset) = defaults
            ? ("jsonb_typeof", "jsonb_build_array", "jsonb_array_elements", "jsonb_to_recordset")
            : ("json_typeof", "json_build_array", "json_array_elements", "json_to_recordset")
        let jsonType = defaults ? "jsonb" : "json"
        var text = "FROM (SELECT \(PostgresName.literal(json.canonicalText))::\(jsonType) AS json_data) pgrst_payload, "
        text += "LATERAL (SELECT CASE WHEN \(typeOf)(pgrst_payload.json_data) = 'array' THEN pgrst_payload.json_data "
            + "ELSE \(buildArray)(pgrst_payload.json_data) END AS val) pgrst_uniform_json, "
        var source = "pgrst_uniform_json.val"
        if let clock {
            let script = PostgresSchemaScript(backend: BackendDefinition(), clock: clock)
            let pairs = columns.compactMap { column in
                column.defaultValue.map { "\(PostgresName.literal(column.name)), \(script.defaultExpression($0, column.type))" }
            }
            text += "LATERAL (SELECT jsonb_agg(jsonb_build_object(\(pairs.joined(separator: ", "))) || elem) AS val "
                + "FROM jsonb_array_elements(pgrst_uniform_json.val) elem) pgrst_json_defs, "
            source = "pgrst_json_defs.val"
        }
        if columns.isEmpty {
            return text + "LATERAL (SELECT FROM \(elements)(\(source)) _) pgrst_body"
        }
        let names = columns.map { PostgresName.quoted($0.name) }.joined(separator: ", ")
        let typed = columns.map { "\(PostgresName.quoted($0.name)) \($0.type.sqlName)" }.joined(separator: ", ")
        return text + "LATERAL (SELECT \(names) FROM \(recordset)(\(source)) AS _(\(typed))) pgrst_body"
    }

    private static func qualified(_ table: TableSchema, _ column: String) -> String {
        PostgresName.quoted(table.name) + "." + PostgresName.quoted(column)
    }

    private static func whereClause(_ request: TableRequest, _ table: TableSchema) -> String {
        if request.filters.isEmpty { return "" }
        return " WHERE " + request.filters.map { condition($0, table) }.joined(separator: " AND ")
    }

    /// One filter as PostgREST's `pgFmtFilter` writes it. A nil literal (which PostgREST's URL
    /// syntax cannot carry) is sent as SQL NULL: it matches no row, as the fake's filter does.
    static func condition(_ filter: RowFilter, _ table: TableSchema) -> String {
        let column = qualified(table, filter.column)
        switch filter {
        case .eq(_, let v): return "\(column) = \(literal(v))"
        case .neq(_, let v): return "\(column) <> \(literal(v))"
        case .gt(_, let v): return "\(column) > \(literal(v))"
        case .gte(_, let v): return "\(column) >= \(literal(v))"
        case .lt(_, let v): return "\(column) < \(literal(v))"
        case .lte(_, let v): return "\(column) <= \(literal(v))"
        case .in(_, let values):
            if values.isEmpty { return "\(column) = ANY('{}')" }
            return "\(column) = ANY (\(PostgresName.arrayLiteral(values.map(ColumnType.inputText))))"
        case .isNull: return "\(column) IS NULL"
        case .isNotNull: return "NOT \(column) IS NULL"
        }
    }

    private static func literal(_ value: JSONValue) -> String {
        value.isNull ? "NULL" : PostgresName.literal(ColumnType.inputText(value))
    }
}
