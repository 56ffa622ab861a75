import FakeCloud
import SimCore

/// One side's answer to a request in comparable form: HTTP status, error code and message (the
/// `details` and `hint` are not compared), and the rows.
struct StepAnswer: Equatable, CustomStringConvertible {
    var status: Int
    var code: String?
    var message: String?
    /// Rows as a sorted multiset (nil when no rows are compared: errors and return=minimal).
    var rows: [String]?
    /// For ordered selects: the order-column values in answer order.
    var orderKeys: [String]?

    var description: String {
        var text = "\(status)"
        if let code { text += " \(code) \(message ?? "")" }
        if let rows { text += " rows=\(rows)" }
        if let orderKeys { text += " order=\(orderKeys)" }
        return text
    }

    static func == (a: StepAnswer, b: StepAnswer) -> Bool {
        a.status == b.status && a.code == b.code && a.message == b.message && a.rows == b.rows && a.orderKeys == b.orderKeys
    }

    /// The success status PostgREST answers a request with (GET 200, POST 201, PATCH/DELETE 204
    /// minimal or 200 with representation).
    static func successStatus(_ request: TableRequest) -> Int {
        switch request.action {
        case .select: return 200
        case .insert, .upsert: return 201
        case .update, .delete: return request.returnRepresentation ? 200 : 204
        }
    }

    /// Whether the answer's body carries rows to compare.
    static func returnsRows(_ request: TableRequest) -> Bool {
        if case .select = request.action { return true }
        return request.returnRepresentation
    }

    init(status: Int, code: String?, message: String?, rows: [String]?, orderKeys: [String]?) {
        self.status = status
        self.code = code
        self.message = message
        self.rows = rows
        self.orderKeys = orderKeys
    }

    /// The fake's answer.
    init(fake response: SupabaseResponse, request: TableRequest, normalizer: RowNormalizer) {
        self.init(status: response.status, code: response.error?.code, message: response.error?.message, rows: nil, orderKeys: nil)
        guard response.error == nil, StepAnswer.returnsRows(request), let table = normalizer.schema(request.table) else { return }
        rows = normalizer.multiset(response.body, table: table)
        if !request.order.isEmpty { orderKeys = normalizer.orderKeys(response.body, table: table, order: request.order) }
    }

    /// PostgreSQL's answer, with the status PostgREST would put on it.
    init(postgres answer: JSONValue, request: TableRequest, actor: Actor, normalizer: RowNormalizer) {
        if let error = answer["error"] {
            let code = error["code"]?.stringValue ?? "?"
            let status = code.hasPrefix("PGRST") ? 400 : PostgrestStatus.status(sqlstate: code, authenticated: actor.role != .anon)
            self.init(status: status, code: code, message: error["message"]?.stringValue, rows: nil, orderKeys: nil)
            return
        }
        self.init(status: StepAnswer.successStatus(request), code: nil, message: nil, rows: nil, orderKeys: nil)
        guard StepAnswer.returnsRows(request), let table = normalizer.schema(request.table), let body = answer["body"] else { return }
        rows = normalizer.multiset(body, table: table)
        if !request.order.isEmpty { orderKeys = normalizer.orderKeys(body, table: table, order: request.order) }
    }
}
