import FakeCloud
import SimCore

/// `rpc('sync_pull', {cursor, limit})`: every synced entity (person, transaction, settlement) the
/// caller can see that changed after `cursor` (its `change_seq`, or a split's or payer's), oldest
/// change first, at most `limit`:
/// `{changes: [{table, row, splits?, payers?, seq}], cursor, more}`. A transaction comes with its
/// complete current splits and payers, so a device replaces them as a set. Soft-deleted rows are
/// included (`deleted_at` set): that is how other devices learn of a delete.
enum SyncPullFunction {
    static let defaultLimit = 200

    @Sendable static func run(_ call: FunctionCall) -> FunctionResult {
        guard call.auth.uid != nil else { return FunctionResult(status: 401, body: ["error": "sign in required"]) }
        let cursor = call.body["cursor"]?.intValue ?? 0
        let limit = max(1, Int(call.body["limit"]?.intValue ?? Int64(defaultLimit)))
        do {
            var items: [(seq: Int64, change: JSONValue)] = []
            for row in try call.select("persons", [.gt("change_seq", .int(cursor))]) {
                items.append((seq(row), ["table": "persons", "row": .object(row), "seq": .int(seq(row))]))
            }
            for row in try call.select("settlements", [.gt("change_seq", .int(cursor))]) {
                items.append((seq(row), ["table": "settlements", "row": .object(row), "seq": .int(seq(row))]))
            }
            let splits = try call.select("transaction_splits")
            let payers = try call.select("transaction_payers")
            var latestChild: [String: Int64] = [:]
            for child in splits + payers where seq(child) > cursor {
                let parent = child["transaction_id"]?.stringValue ?? ""
                latestChild[parent] = max(latestChild[parent] ?? 0, seq(child))
            }
            let splitsOf = Dictionary(grouping: splits) { $0["transaction_id"]?.stringValue ?? "" }
            let payersOf = Dictionary(grouping: payers) { $0["transaction_id"]?.stringValue ?? "" }
            for row in try call.select("financial_transactions") {
                let id = row["id"]?.stringValue ?? ""
                let key = max(seq(row), latestChild[id] ?? 0)
                guard key > cursor else { continue }
                items.append((key, [
                    "table": "financial_transactions", "row": .object(row), "seq": .int(key),
                    "splits": .array((splitsOf[id] ?? []).map(JSONValue.object)),
                    "payers": .array((payersOf[id] ?? []).map(JSONValue.object)),
                ]))
            }
            items.sort { $0.seq < $1.seq }
            let page = items.prefix(limit)
            return FunctionResult(body: [
                "changes": .array(page.map(\.change)),
                "cursor": .int(page.last?.seq ?? cursor),
                "more": .bool(items.count > limit),
            ])
        } catch let error as PostgrestError {
            return FunctionResult(status: 400, body: error.body)
        } catch {
            return FunctionResult(status: 500, body: ["error": .string("\(error)")])
        }
    }

    static func seq(_ row: Row) -> Int64 { row["change_seq"]?.intValue ?? 0 }
}
