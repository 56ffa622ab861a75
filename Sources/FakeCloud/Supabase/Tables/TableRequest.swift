import SimCore

/// One PostgREST call on `/rest/v1/<table>`.
public struct TableRequest: Sendable {
    /// The statement kind and its payload.
    public enum Action: Sendable {
        /// `GET`.
        case select
        /// `POST`, one or many rows; the whole array is one statement (all or nothing).
        case insert([Row])
        /// `POST` with `Prefer: resolution=merge-duplicates` (or `ignore-duplicates` when
        /// `ignoreDuplicates`), conflict target `onConflict` or, when nil, the primary key.
        case upsert([Row], onConflict: [String]?, ignoreDuplicates: Bool)
        /// `PATCH` with the given column values on every row the filters select.
        case update(Row)
        /// `DELETE` of every row the filters select.
        case delete
    }

    public var table: String
    public var action: Action
    public var filters: [RowFilter]
    public var order: [OrderTerm]
    public var limit: Int?
    public var offset: Int?
    /// `Prefer: return=representation` (true) or `return=minimal` (false, PostgREST's default for
    /// writes). Selects always return rows.
    public var returnRepresentation: Bool
    /// `Prefer: missing=default`: in a bulk body, keys some rows lack take the column default
    /// instead of NULL. Without it PostgREST builds the column list from the union of keys (or
    /// `?columns=`) and `json_populate_recordset` yields NULL for a row missing one of them
    /// (https://docs.postgrest.org/en/latest/references/api/preferences.html, "Missing"; PostgREST
    /// issue #1118 shows the generated SQL). Columns no row mentions always get their default.
    public var missingDefault: Bool

    public init(
        table: String, action: Action, filters: [RowFilter] = [], order: [OrderTerm] = [], limit: Int? = nil,
        offset: Int? = nil, returnRepresentation: Bool = false, missingDefault: Bool = false
    ) {
        self.table = table
        self.action = action
        self.filters = filters
        self.order = order
        self.limit = limit
        self.offset = offset
        self.returnRepresentation = returnRepresentation
        self.missingDefault = missingDefault
    }
}
