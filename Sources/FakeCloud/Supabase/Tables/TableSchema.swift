import SimCore

/// One stored row: every column of the table present, NULL as `.null`.
public typealias Row = [String: JSONValue]

/// A column's default, evaluated per row at insert time like PostgreSQL's `DEFAULT` expressions.
public enum ColumnDefault: Sendable, Hashable {
    /// A constant.
    case value(JSONValue)
    /// `gen_random_uuid()`, drawn from the server's `SimRandom`.
    case randomUUID
    /// `now()`: the statement's virtual time, on the server's wall-clock epoch.
    case now
    /// `current_date` in UTC.
    case currentDate
    /// `auth.uid()` of the caller (a common Supabase default for `owner_id`).
    case authUID
}

/// A value a `BEFORE INSERT OR UPDATE` trigger writes into a column on every insert and update,
/// whatever the statement sent: the `moddatetime(updated_at)` extension Supabase ships, or
/// `new.col := nextval('seq')`.
public enum WriteStamp: Sendable, Hashable {
    /// `now()`: the statement's virtual time, as `ColumnDefault.now`.
    case now
    /// The next value of one server-wide sequence (1, 2, 3, …), never rolled back, as PostgreSQL
    /// sequences are not. Here a statement commits at the instant it runs, so sequence order is
    /// commit order; on a real server a transaction that draws a value and commits later breaks
    /// that (a reader using it as a cursor then needs a lag window or `pg_current_xact_id`).
    case sequence
}

/// What happens to referencing rows when the referenced row is deleted.
public enum ForeignKeyAction: Sendable, Hashable {
    case restrict, cascade, setNull
}

/// One column of a table.
public struct ColumnSchema: Sendable, Hashable {
    public var name: String
    public var type: ColumnType
    public var nullable: Bool
    public var defaultValue: ColumnDefault?
    /// Set by a trigger on every insert and update (see `WriteStamp`).
    public var stamp: WriteStamp?

    public init(name: String, type: ColumnType, nullable: Bool = true, defaultValue: ColumnDefault? = nil,
                stamp: WriteStamp? = nil) {
        self.name = name
        self.type = type
        self.nullable = nullable
        self.defaultValue = defaultValue
        self.stamp = stamp
    }
}

/// `FOREIGN KEY (columns) REFERENCES table (referencedColumns) ON DELETE action`.
public struct ForeignKeySchema: Sendable, Hashable {
    public var name: String
    public var columns: [String]
    public var referencedTable: String
    public var referencedColumns: [String]
    public var onDelete: ForeignKeyAction
}

/// `UNIQUE (columns)` or the primary key (which PostgREST uses as the default upsert target).
public struct UniqueConstraint: Sendable, Hashable {
    public var name: String
    public var columns: [String]
}

/// A table: columns in declaration order, keys, and its row-level security.
public struct TableSchema: Sendable {
    public var name: String
    public var columns: [ColumnSchema] { didSet { layout = ColumnLayout(columns) } }
    public var primaryKey: UniqueConstraint
    public var uniques: [UniqueConstraint]
    public var foreignKeys: [ForeignKeySchema]
    public var security: RowLevelSecurity
    /// Columns with a (non-unique) index of their own, `CREATE INDEX ON table (column)`: a filter
    /// `column = value` finds its rows through it instead of a scan.
    public var indexedColumns: [String] = []
    /// Where each column sits in `columns`, and which columns need conversion on output; kept in
    /// step with `columns` so a name finds its column by one hash lookup instead of a scan.
    private(set) var layout: ColumnLayout
    /// Where the table sits in its `TableStore` (the index of its rows, indexes and revision),
    /// set by the store for its own copy of the schema; -1 outside a store.
    var slot = -1

    public init(name: String, columns: [ColumnSchema], primaryKey: UniqueConstraint, uniques: [UniqueConstraint],
                foreignKeys: [ForeignKeySchema], security: RowLevelSecurity) {
        self.name = name
        self.columns = columns
        self.primaryKey = primaryKey
        self.uniques = uniques
        self.foreignKeys = foreignKeys
        self.security = security
        self.layout = ColumnLayout(columns)
    }

    /// Columns a trigger stamps on every write, in declaration order.
    public var stampedColumns: [ColumnSchema] { columns.filter { $0.stamp != nil } }

    /// The column named `name`, if any.
    public func column(_ name: String) -> ColumnSchema? { layout.positions[name].map { columns[$0] } }

    /// Whether every one of `names` is a column of the table.
    func hasColumns(_ names: some Sequence<String>) -> Bool {
        names.allSatisfy { layout.positions[$0] != nil }
    }

    /// Primary key first, then the unique constraints in declaration order.
    public var allUniques: [UniqueConstraint] { [primaryKey] + uniques }

    /// The primary key of `row` as canonical text, for logs and provenance.
    public func keyText(of row: Row) -> String {
        // Most keys have one column: its text is the key, with no list to build and join.
        if primaryKey.columns.count == 1 { return (row[primaryKey.columns[0]] ?? .null).sqlText }
        return primaryKey.columns.map { (row[$0] ?? .null).sqlText }.joined(separator: ",")
    }
}

/// The lookup tables derived from a table's column list (see `TableSchema.layout`).
struct ColumnLayout: Sendable {
    /// Column name to its position in declaration order.
    let positions: [String: Int]
    /// The columns whose stored form differs from what the API returns (numeric), in declaration order.
    let convertedOnOutput: [ColumnSchema]
    /// What a new row is built from (see `RowTemplate`); nil for a table of more than 64 columns
    /// or with a column name declared twice.
    let template: RowTemplate?

    init(_ columns: [ColumnSchema]) {
        var positions: [String: Int] = [:]
        for (position, column) in columns.enumerated() where positions[column.name] == nil {
            positions[column.name] = position  // the first of a duplicated name, as `first(where:)` found it
        }
        self.positions = positions
        convertedOnOutput = columns.filter { if case .numeric = $0.type { true } else { false } }
        template = positions.count == columns.count && columns.count <= 64 ? RowTemplate(columns) : nil
    }
}
