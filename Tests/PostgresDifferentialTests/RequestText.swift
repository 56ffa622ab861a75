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
        if !request.filters.isEmpty { text += "?" + request.filters.map(filter).joined(separator: "&") }
        if !request.order.isEmpty { text += " order=" + request.order.map { "\($0.column).\($0.ascending ? "asc" : "desc")" }.joined(separator: ",") }
        if let limit = request.limit { text += " limit=\(limit)" }
        if let offset = request.offset { text += " offset=\(offset)" }
        if request.returnRepresentation { text += " return=representation" }
        if request.missingDefault { text += " missing=default" }
        return text
    }

    /// `column=op.value` as PostgREST's query string spells it.
    static func filter(_ filter: RowFilter) -> String {
        func text(_ value: JSONValue) -> String { value.isNull ? "<nil>" : (value.stringValue ?? value.canonicalText) }
        switch filter {
        case .eq(let c, let v): return "\(c)=eq.\(text(v))"
        case .neq(let c, let v): return "\(c)=neq.\(text(v))"
        case .gt(let c, let v): return "\(c)=gt.\(text(v))"
        case .gte(let c, let v): return "\(c)=gte.\(text(v))"
        case .lt(let c, let v): return "\(c)=lt.\(text(v))"
        case .lte(let c, let v): return "\(c)=lte.\(text(v))"
        case .in(let c, let values): return "\(c)=in.(\(values.map(text).joined(separator: ",")))"
        case .isNull(let c): return "\(c)=is.null"
        case .isNotNull(let c): return "\(c)=not.is.null"
        }
    }

    private static func body(_ rows: [Row]) -> String { JSONValue.array(rows.map(JSONValue.object)).canonicalText }
}
