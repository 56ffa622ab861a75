import SimCore

/// A row a trigger wants inserted.
public struct TriggerInsert: Sendable {
    public var table: String
    public var row: Row

    public init(_ table: String, _ row: Row) {
        self.table = table
        self.row = row
    }
}

/// An app's whole backend in one value: tables, buckets, functions and triggers.
///
/// Built with `BackendDefinition { backend in backend.table("persons") { t in … } }` so each app
/// declares its backend in one readable file.
public struct BackendDefinition: Sendable {
    public var tables: [TableSchema] = []
    public var buckets: [BucketSchema] = []
    public var functions: [EdgeFunction] = []
    /// `after insert on auth.users` triggers (Supabase's `handle_new_user` recipe), run as the
    /// table owner (SECURITY DEFINER): RLS does not apply, constraints do, and a failure fails the
    /// sign-up ("Database error saving new user").
    public var userCreatedTriggers: [@Sendable (AuthUser) -> [TriggerInsert]] = []

    public init() {}

    public init(_ build: (BackendBuilder) -> Void) {
        let builder = BackendBuilder()
        build(builder)
        self = builder.definition
    }
}

/// The mutable side of `BackendDefinition`'s builder.
public final class BackendBuilder {
    var definition = BackendDefinition()

    /// Declares a table; RLS is on unless `rowLevelSecurity: false`.
    public func table(_ name: String, rowLevelSecurity: Bool = true, _ body: (TableBuilder) -> Void) {
        let builder = TableBuilder(name: name, rowLevelSecurity: rowLevelSecurity)
        body(builder)
        definition.tables.append(builder.schema())
    }

    public func bucket(_ bucket: BucketSchema) { definition.buckets.append(bucket) }

    public func function(_ name: String, requiresUser: Bool = true, _ run: @escaping @Sendable (FunctionCall) -> FunctionResult) {
        definition.functions.append(EdgeFunction(name: name, requiresUser: requiresUser, run: run))
    }

    /// A Postgres function called through `rpc`: its statements are one transaction (see
    /// `EdgeFunction.atomic`).
    public func rpcFunction(_ name: String, _ run: @escaping @Sendable (FunctionCall) -> FunctionResult) {
        definition.functions.append(EdgeFunction(name: name, requiresUser: true, atomic: true, run: run))
    }

    public func onAuthUserCreated(_ trigger: @escaping @Sendable (AuthUser) -> [TriggerInsert]) {
        definition.userCreatedTriggers.append(trigger)
    }
}

/// A column modifier in `TableBuilder.column`.
public enum ColumnOption: Sendable {
    case notNull, primaryKey, unique
    case defaultValue(ColumnDefault)
    case references(String, column: String, onDelete: ForeignKeyAction)
    /// A `BEFORE INSERT OR UPDATE` trigger sets the column on every write (see `WriteStamp`).
    case stampedOnWrite(WriteStamp)

    /// `references table(id) on delete …` (restrict by default, like PostgreSQL's NO ACTION).
    public static func references(_ table: String, onDelete: ForeignKeyAction = .restrict) -> ColumnOption {
        .references(table, column: "id", onDelete: onDelete)
    }

    public static func `default`(_ value: ColumnDefault) -> ColumnOption { .defaultValue(value) }
}

/// Declares one table's columns, constraints and policies.
public final class TableBuilder {
    let name: String
    var columns: [ColumnSchema] = []
    var primaryKeyColumns: [String] = []
    var uniques: [UniqueConstraint] = []
    var foreignKeys: [ForeignKeySchema] = []
    var indexedColumns: [String] = []
    var security: RowLevelSecurity

    init(name: String, rowLevelSecurity: Bool) {
        self.name = name
        self.security = RowLevelSecurity(enabled: rowLevelSecurity)
    }

    /// A column; primary key columns are NOT NULL, as in PostgreSQL.
    public func column(_ column: String, _ type: ColumnType, _ options: ColumnOption...) {
        var schema = ColumnSchema(name: column, type: type)
        for option in options {
            switch option {
            case .notNull: schema.nullable = false
            case .primaryKey: schema.nullable = false; primaryKeyColumns.append(column)
            case .unique: unique(column)
            case .defaultValue(let value): schema.defaultValue = value
            case .stampedOnWrite(let stamp): schema.stamp = stamp
            case .references(let table, let target, let action):
                foreignKeys.append(ForeignKeySchema(
                    name: "\(name)_\(column)_fkey", columns: [column], referencedTable: table,
                    referencedColumns: [target], onDelete: action))
            }
        }
        columns.append(schema)
    }

    /// A (composite) primary key.
    public func primaryKey(_ columns: String...) {
        primaryKeyColumns = columns
        for index in self.columns.indices where columns.contains(self.columns[index].name) {
            self.columns[index].nullable = false
        }
    }

    /// A (composite) unique constraint, named like PostgreSQL names it (`table_a_b_key`).
    public func unique(_ columns: String...) {
        uniques.append(UniqueConstraint(name: ([name] + columns + ["key"]).joined(separator: "_"), columns: columns))
    }

    /// `CREATE INDEX ON table (column)`: equality filters on the column use the index (a
    /// foreign key column has none unless declared, as in PostgreSQL).
    public func index(_ column: String) {
        precondition(!indexedColumns.contains(column), "column \(column) of \(name) indexed twice")
        indexedColumns.append(column)
    }

    /// A policy; see `RowLevelSecurity` for how policies combine. `reads` names the tables its
    /// expressions look up through `visibleRow` (nil, the default: possibly any).
    /// `sql` is the same policy as PostgreSQL text, for generating the schema of a real server.
    public func policy(_ name: String, _ command: PolicyCommand, using: PolicyExpression?, withCheck: PolicyExpression? = nil,
                       reads: [String]? = nil, sql: PolicySQL? = nil) {
        security.policies.append(Policy(name: name, command: command, using: using, withCheck: withCheck, reads: reads, sql: sql))
    }

    /// `create policy … for all using (column = auth.uid()) with check (column = auth.uid())`.
    public func ownerPolicy(column: String = "owner_id") {
        policy("\(name)_owner", .all, using: { row, context in
            guard let uid = context.uid else { return false }
            return row[column] == .string(uid)
        }, reads: [], sql: PolicySQL(using: "\(PostgresName.quoted(column)) = auth.uid()"))
    }

    /// A child without its own owner column: visible/writable when the caller can see the parent row
    /// (`exists (select 1 from parent p where p.id = row.column)`, the parent's SELECT policy applying).
    public func parentPolicy(column: String, parent: String) {
        policy("\(name)_via_\(parent)", .all, using: { row, context in
            guard let value = row[column], !value.isNull else { return false }
            return context.visibleRow(in: parent, where: "id", equals: value) != nil
        }, reads: [parent], sql: PolicySQL(using: "exists (select 1 from public.\(PostgresName.quoted(parent)) p "
            + "where p.id = \(PostgresName.quoted(name)).\(PostgresName.quoted(column)))"))
    }

    func schema() -> TableSchema {
        precondition(!primaryKeyColumns.isEmpty, "table \(name) needs a primary key")
        for column in columns { if case .numeric(let p, _) = column.type { precondition(p <= 18, "numeric precision > 18") } }
        for column in indexedColumns { precondition(columns.contains { $0.name == column }, "index on unknown column \(name).\(column)") }
        var schema = TableSchema(
            name: name, columns: columns, primaryKey: UniqueConstraint(name: "\(name)_pkey", columns: primaryKeyColumns),
            uniques: uniques, foreignKeys: foreignKeys, security: security)
        schema.indexedColumns = indexedColumns
        return schema
    }
}
