import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// `rpc('sync_push', {change})`: applies one outbox change as the caller (RLS applies; SECURITY
/// INVOKER), in one transaction. The body: `change_id`, `table`, `id`, `kind` (create, update,
/// delete), `base_revision` (the revision the device last saw), `fields` (only the changed
/// columns), and for a transaction's money `splits` / `payers` (the complete new sets).
///
/// Answers `{outcome, revision}` with outcome:
/// - `applied`: written; `revision` is the entity's new revision;
/// - `conflict`: the entity changed since `base_revision` (nothing written; the device rebases its
///   changed fields onto `revision` and pushes again);
/// - `gone`: the entity was deleted (or is not the caller's): a delete wins over a concurrent edit;
/// - `rejected`: the change can never apply (an id another account holds, sums that do not match).
/// A change id already settled is answered from `sync_changes` without writing again.
enum SyncPushFunction {
    /// Columns a push may write, per synced table.
    static let writable: [String: Set<String>] = [
        "persons": ["name", "phone_number", "color_hex", "is_archived"],
        "financial_transactions": ["title", "amount", "currency", "date", "split_method", "note", "payer_id", "created_by_id",
                                   "group_id", "deleted_at"],
    ]

    struct Answer {
        var outcome: String
        var revision: Int64?
    }

    @Sendable static func run(_ call: FunctionCall) -> FunctionResult {
        guard let uid = call.auth.uid else { return FunctionResult(status: 401, body: ["error": "sign in required"]) }
        let body = call.body
        guard let changeId = body["change_id"]?.stringValue, let table = body["table"]?.stringValue,
              let columns = writable[table], let id = body["id"]?.stringValue, let kind = body["kind"]?.stringValue
        else { return FunctionResult(status: 400, body: ["error": "malformed change"]) }
        let fields = body["fields"]?.objectValue ?? [:]
        if let column = fields.keys.sorted().first(where: { !columns.contains($0) }) {
            return FunctionResult(status: 400, body: ["error": .string("column \(column) is not synced")])
        }
        do {
            if let settled = try call.select("sync_changes", [.eq("change_id", .string(changeId))]).first {
                return reply(Answer(outcome: settled["outcome"]?.stringValue ?? "applied", revision: settled["revision"]?.intValue))
            }
            let current = try call.select(table, [.eq("id", .string(id))]).first
            let answer: Answer
            switch kind {
            case "create": answer = try create(call, uid, table, id, fields, current)
            case "update": answer = try update(call, table, id, fields, body["base_revision"]?.intValue ?? 0, current)
            case "delete": answer = try delete(call, table, id, fields, current)
            default: return FunctionResult(status: 400, body: ["error": .string("unknown kind \(kind)")])
            }
            if answer.outcome != "conflict" {
                try call.query(TableRequest(table: "sync_changes", action: .insert([[
                    "change_id": .string(changeId), "owner_id": .string(uid), "entity_table": .string(table),
                    "entity_id": .string(id), "outcome": .string(answer.outcome),
                    "revision": answer.revision.map(JSONValue.int) ?? .null, "request": body,
                ]])))
            }
            return reply(answer)
        } catch {
            // Any failed statement aborts the transaction: nothing of this change remains.
            return FunctionResult(status: 409, body: error.body)
        }
    }

    static func reply(_ answer: Answer) -> FunctionResult {
        FunctionResult(body: ["outcome": .string(answer.outcome), "revision": answer.revision.map(JSONValue.int) ?? .null])
    }

    static func create(_ call: FunctionCall, _ uid: String, _ table: String, _ id: String, _ fields: Row, _ current: Row?)
        throws(PostgrestError) -> Answer
    {
        if let current {
            let deleted = !(current["deleted_at"] ?? .null).isNull
            return Answer(outcome: deleted ? "gone" : "rejected", revision: current["revision"]?.intValue)
        }
        guard moneyAddsUp(call.body, fields) else { return Answer(outcome: "rejected", revision: nil) }
        var row = fields
        row["id"] = .string(id)
        row["owner_id"] = .string(uid)
        row["revision"] = .int(1)
        do throws(PostgrestError) {
            try call.query(TableRequest(table: table, action: .insert([row])))
        } catch {
            // The id exists but RLS hides it: another account's row. Never retried.
            guard error.code == "23505" else { throw error }
            return Answer(outcome: "rejected", revision: nil)
        }
        try replaceChildren(call, id)
        return Answer(outcome: "applied", revision: 1)
    }

    static func update(_ call: FunctionCall, _ table: String, _ id: String, _ fields: Row, _ base: Int64, _ current: Row?)
        throws(PostgrestError) -> Answer
    {
        guard let current, (current["deleted_at"] ?? .null).isNull else { return Answer(outcome: "gone", revision: nil) }
        let revision = current["revision"]?.intValue ?? 1
        guard revision == base else { return Answer(outcome: "conflict", revision: revision) }
        var merged = current
        for (column, value) in fields { merged[column] = value }
        guard moneyAddsUp(call.body, merged) else { return Answer(outcome: "rejected", revision: revision) }
        var values = fields
        values["revision"] = .int(revision + 1)
        // The version guard: `where id = $1 and revision = $2`.
        let written = try call.query(TableRequest(
            table: table, action: .update(values), filters: [.eq("id", .string(id)), .eq("revision", .int(revision))],
            returnRepresentation: true))
        guard !written.isEmpty else { return Answer(outcome: "conflict", revision: revision) }
        try replaceChildren(call, id)
        return Answer(outcome: "applied", revision: revision + 1)
    }

    static func delete(_ call: FunctionCall, _ table: String, _ id: String, _ fields: Row, _ current: Row?)
        throws(PostgrestError) -> Answer
    {
        guard let current else { return Answer(outcome: "gone", revision: nil) }
        let revision = current["revision"]?.intValue ?? 1
        if !(current["deleted_at"] ?? .null).isNull { return Answer(outcome: "applied", revision: revision) }
        // A soft delete wins over concurrent edits: no revision check.
        try call.query(TableRequest(
            table: table, action: .update(["deleted_at": fields["deleted_at"] ?? "1970-01-01T00:00:00Z", "revision": .int(revision + 1)]),
            filters: [.eq("id", .string(id))]))
        return Answer(outcome: "applied", revision: revision + 1)
    }

    /// A transaction's new splits and payers replace the old ones (`splits` / `payers` in the body).
    static func replaceChildren(_ call: FunctionCall, _ id: String) throws(PostgrestError) {
        for (key, table, person) in [("splits", "transaction_splits", "owed_by_id"), ("payers", "transaction_payers", "paid_by_id")] {
            guard let children = call.body[key]?.arrayValue else { continue }
            try call.query(TableRequest(table: table, action: .delete, filters: [.eq("transaction_id", .string(id))]))
            guard !children.isEmpty else { continue }
            let rows: [Row] = children.map { child in
                var row: Row = ["transaction_id": .string(id)]
                for column in ["id", person, "amount", "raw_amount"] where child[column] != nil { row[column] = child[column]! }
                return row
            }
            try call.query(TableRequest(table: table, action: .insert(rows), missingDefault: true))
        }
    }

    /// A check a careful team keeps in the function: when the push sets a transaction's money,
    /// its splits and payers each add up to the amount (in the amount's cents).
    static func moneyAddsUp(_ body: JSONValue, _ row: Row) -> Bool {
        guard let amount = ServerAmount.minor(row["amount"], currency: row["currency"]?.stringValue ?? "CHF") else { return true }
        for key in ["splits", "payers"] {
            guard let children = body[key]?.arrayValue, !children.isEmpty else { continue }
            let currency = row["currency"]?.stringValue ?? "CHF"
            let sum = children.reduce(Int64(0)) { $0 + (ServerAmount.minor($1["amount"], currency: currency) ?? 0) }
            if sum != amount { return false }
        }
        return true
    }
}
