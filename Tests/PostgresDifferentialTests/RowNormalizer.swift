@testable import FakeCloud
import SimCore

/// Puts rows from either side into one comparable form: every value through the column type's
/// input conversion (the fake's `ColumnType.coerce`, which yields its canonical stored text: numeric
/// at the column's scale, timestamps in UTC), and every id a `gen_random_uuid()` default drew
/// (any id the generator never sends) replaced by a placeholder — the two sides draw different ids.
struct RowNormalizer {
    let backend: BackendDefinition
    /// Every id the generator can send.
    let knownIDs: Set<String>

    init(fixture: Fixture) {
        backend = fixture.backend
        knownIDs = Set(fixture.backend.tables.flatMap { RequestGenerator.ids($0.name, in: fixture) })
    }

    func schema(_ table: String) -> TableSchema? { backend.tables.first { $0.name == table } }

    /// A value in comparable form (see the type's comment).
    func value(_ raw: JSONValue, _ column: ColumnSchema) -> JSONValue {
        let stored = (try? column.type.coerce(raw)) ?? raw
        if column.defaultValue == .randomUUID, let id = stored.stringValue, !knownIDs.contains(id) { return "<generated>" }
        return stored
    }

    /// One row as canonical text.
    func row(_ value: JSONValue, table: TableSchema) -> String {
        guard let object = value.objectValue else { return "not-a-row:" + value.canonicalText }
        var out: [String: JSONValue] = [:]
        for column in table.columns { out[column.name] = self.value(object[column.name] ?? .null, column) }
        if object.count != table.columns.count { out["<columns>"] = .int(Int64(object.count)) }
        return JSONValue.object(out).canonicalText
    }

    /// A list of rows as a sorted multiset (for answers whose order is unspecified).
    func multiset(_ value: JSONValue, table: TableSchema) -> [String] {
        (value.arrayValue ?? []).map { row($0, table: table) }.sorted()
    }

    /// The rows in answer order, projected on the order columns (for ordered selects).
    func orderKeys(_ answer: JSONValue, table: TableSchema, order: [OrderTerm]) -> [String] {
        (answer.arrayValue ?? []).map { item in
            order.map { term -> String in
                guard let column = table.column(term.column) else { return "?" }
                return value(item[term.column] ?? .null, column).canonicalText
            }.joined(separator: "|")
        }
    }
}
