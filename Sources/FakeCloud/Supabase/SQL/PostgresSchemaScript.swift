import SimCore

/// A `BackendDefinition`'s tables as PostgreSQL 15 DDL: columns with types, NOT NULL and defaults,
/// primary and unique keys named as the fake names them, foreign keys with their ON DELETE
/// action, `BEFORE INSERT OR UPDATE` stamp triggers, row-level security with each policy's
/// `PolicySQL`, and Supabase's grants to the API roles. Generated from the same value the fake
/// runs, so the real server and the fake cannot drift apart.
///
/// Buckets, edge functions and `onAuthUserCreated` triggers are not generated (no SQL twin).
public struct PostgresSchemaScript {
    public let backend: BackendDefinition
    public let clock: PostgresClock

    public init(backend: BackendDefinition, clock: PostgresClock = .transactionStart) {
        self.backend = backend
        self.clock = clock
    }

    /// The tables whose policies all have SQL (only these can be generated).
    public var unsupportedTables: [String] {
        backend.tables.filter { table in table.security.policies.contains { $0.sql == nil } }.map(\.name)
    }

    /// The whole script, statements separated by blank lines; run it in an empty `public` schema.
    public var text: String { statements.joined(separator: "\n\n") }

    /// One statement per element, in an order PostgreSQL accepts (foreign keys after all tables).
    public var statements: [String] {
        precondition(unsupportedTables.isEmpty, "policies without PolicySQL on \(unsupportedTables)")
        var out = ["create sequence if not exists public.simrun_write_sequence"]
        out += backend.tables.map(createTable)
        out += backend.tables.flatMap(foreignKeys)
        out += backend.tables.flatMap { schema in
            schema.indexedColumns.map { "create index on \(Self.table(schema.name)) (\(PostgresName.quoted($0)))" }
        }
        out += backend.tables.flatMap(stampTrigger)
        out += backend.tables.flatMap(security)
        out.append("grant all on all tables in schema public to anon, authenticated, service_role")
        out.append("grant all on all sequences in schema public to anon, authenticated, service_role")
        return out
    }

    /// `public."name"`.
    static func table(_ name: String) -> String { "public." + PostgresName.quoted(name) }

    private func createTable(_ schema: TableSchema) -> String {
        var lines = schema.columns.map(columnDefinition)
        lines.append(constraint(schema.primaryKey, kind: "primary key"))
        lines += schema.uniques.map { constraint($0, kind: "unique") }
        return "create table \(Self.table(schema.name)) (\n  " + lines.joined(separator: ",\n  ") + "\n)"
    }

    private func columnDefinition(_ column: ColumnSchema) -> String {
        var text = PostgresName.quoted(column.name) + " " + column.type.sqlName
        if !column.nullable { text += " not null" }
        if let value = column.defaultValue { text += " default " + defaultExpression(value, column.type) }
        return text
    }

    private func constraint(_ unique: UniqueConstraint, kind: String) -> String {
        "constraint \(PostgresName.quoted(unique.name)) \(kind) (\(unique.columns.map(PostgresName.quoted).joined(separator: ", ")))"
    }

    /// A column default as SQL; constants are typed literals, so PostgreSQL parses them as the
    /// fake's `ColumnType.coerce` does.
    func defaultExpression(_ value: ColumnDefault, _ type: ColumnType) -> String {
        switch value {
        case .randomUUID: return "gen_random_uuid()"
        case .now: return clock.now
        case .currentDate: return clock.currentDate
        case .authUID: return "auth.uid()"
        case .value(let constant): return Self.constant(constant, type)
        }
    }

    /// A JSON constant as a typed SQL literal (`'12.30'::numeric(12,2)`, `true`, `null`).
    static func constant(_ value: JSONValue, _ type: ColumnType) -> String {
        switch value {
        case .null: return "null"
        case .string(let text): return PostgresName.literal(text) + "::" + type.sqlName
        default: return PostgresName.literal(value.canonicalText) + "::" + type.sqlName
        }
    }

    private func foreignKeys(_ schema: TableSchema) -> [String] {
        schema.foreignKeys.map { key in
            let action: String
            switch key.onDelete {
            case .restrict: action = "no action"  // the fake checks at statement end, as NO ACTION does
            case .cascade: action = "cascade"
            case .setNull: action = "set null"
            }
            return "alter table \(Self.table(schema.name)) add constraint \(PostgresName.quoted(key.name)) foreign key ("
                + key.columns.map(PostgresName.quoted).joined(separator: ", ") + ") references \(Self.table(key.referencedTable)) ("
                + key.referencedColumns.map(PostgresName.quoted).joined(separator: ", ") + ") on delete \(action)"
        }
    }

    /// One trigger function and trigger per table with stamped columns, assigning them in
    /// declaration order as `TableStore.stamp` does.
    private func stampTrigger(_ schema: TableSchema) -> [String] {
        let stamped = schema.stampedColumns
        if stamped.isEmpty { return [] }
        let function = "public." + PostgresName.quoted("\(schema.name)_stamp")
        let assignments = stamped.map { column -> String in
            let value: String
            switch column.stamp! {
            case .now: value = clock.now
            case .sequence: value = "nextval('public.simrun_write_sequence')"
            }
            return "  new.\(PostgresName.quoted(column.name)) := \(value);"
        }
        return [
            "create function \(function)() returns trigger language plpgsql as $$\nbegin\n"
                + assignments.joined(separator: "\n") + "\n  return new;\nend\n$$",
            "create trigger \(PostgresName.quoted("\(schema.name)_stamp")) before insert or update on \(Self.table(schema.name)) "
                + "for each row execute function \(function)()",
        ]
    }

    /// `enable row level security` and one permissive policy per declared policy. An INSERT policy
    /// takes only WITH CHECK, SELECT and DELETE only USING (CREATE POLICY's rules); the fake reads
    /// them the same way (`RowLevelSecurity.passesCheck` falls back to USING).
    private func security(_ schema: TableSchema) -> [String] {
        guard schema.security.enabled else { return [] }
        var out = ["alter table \(Self.table(schema.name)) enable row level security"]
        for policy in schema.security.policies {
            let sql = policy.sql!
            var text = "create policy \(PostgresName.quoted(policy.name)) on \(Self.table(schema.name)) for \(policy.command.sqlName)"
            switch policy.command {
            case .insert:
                if let check = sql.withCheck ?? sql.using { text += " with check (\(check))" }
            case .select, .delete:
                if let using = sql.using { text += " using (\(using))" }
            case .all, .update:
                if let using = sql.using { text += " using (\(using))" }
                if let check = sql.withCheck { text += " with check (\(check))" }
            }
            out.append(text)
        }
        return out
    }
}

extension PolicyCommand {
    /// The command as CREATE POLICY spells it.
    var sqlName: String {
        switch self {
        case .all: return "all"
        case .select: return "select"
        case .insert: return "insert"
        case .update: return "update"
        case .delete: return "delete"
        }
    }
}
