import FakeCloud
import SimCore

/// A request in one line, PostgREST-style, for mismatch reports.
enum RequestText {
    static func describe(_ request: TableRequest) -> String {
        var text: String
        switch request.action {
        case .select: text = "GET /\(request.table)"
        case .insert(let rows): text = "POST /\(request.table) \(body(rows))"
        case .upsert(let rows, let target, let ignore):
            text = "POST /\(request.table)" + (target.map { "?on_conflict=\($0.joined(separator: ","))" } ?? "")
                + " resolution=\(ignore ? "ignore" : "merge")-duplicates \(body(rows))"
        case .update(let values): text = "PATCH /\(request.table) \(JSONValue.object(values).canonicalText)"
        case .delete: text = "DELETE /\(request.table)"
        }
        if !request.filters.isEmpty { text += " where " + request.filters.map { "\($0)" }.joined(separator: " and ") }
        if !request.order.isEmpty { text += " order=" + request.order.map { "\($0.column).\($0.ascending ? "asc" : "desc")" }.joined(separator: ",") }
        if let limit = request.limit { text += " limit=\(limit)" }
        if let offset = request.offset { text += " offset=\(offset)" }
        if request.returnRepresentation { text += " return=representation" }
        if request.missingDefault { text += " missing=default" }
        return text
    }

    private static func body(_ rows: [Row]) -> String { JSONValue.array(rows.map(JSONValue.object)).canonicalText }
}
