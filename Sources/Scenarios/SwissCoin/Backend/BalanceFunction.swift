import FakeCloud
import SimCore

/// The `calculate-balance` edge function: the balance between the caller ("me", the
/// self-person whose id is `auth.uid()`) and one person, per currency, from the rows the caller can
/// see (queries run as the caller, through RLS).
///
/// The plan gives only the response (`BalanceResponse`: `balances: [String: Double]`,
/// `is_settled`, `primary_amount`, `primary_currency`), so the semantics are stated here: a
/// positive balance means the person owes me. Per transaction in currency c with total A, with
/// `paid(x)` from `transaction_payers` (or `payer_id` paying A when there are none) and `owed(x)`
/// from `transaction_splits`: balance[c] += (paid(me)·owed(P) − paid(P)·owed(me)) / A, exact for
/// a single payer and rounded half away from zero otherwise. A settlement P→me subtracts its
/// amount, me→P adds it. The body carries the seed's Double form and exact minor units
/// (`balances_minor`, `primary_amount_minor`). Primary currency: the largest absolute balance,
/// ties by code; none → "CHF". A missing `currency` counts as "CHF".
enum BalanceFunction {
    static let defaultCurrency = "CHF"

    @Sendable static func run(_ call: FunctionCall) -> FunctionResult {
        guard let me = call.auth.uid, let person = call.body["person_id"]?.stringValue, !person.isEmpty else {
            return FunctionResult(status: 400, body: ["error": "person_id required"])
        }
        do {
            var balances: [String: Int64] = [:]
            try addTransactions(call, me: me, person: person, into: &balances)
            try addSettlements(call, me: me, person: person, into: &balances)
            return FunctionResult(body: response(balances))
        } catch {
            return FunctionResult(status: 400, body: error.body)
        }
    }

    static func cents(_ value: JSONValue?) -> Int64 {
        guard let text = value?.stringValue else { return 0 }
        return (try? NumericValue.parse(text, precision: 18, scale: 2).units) ?? 0
    }

    private static func addTransactions(_ call: FunctionCall, me: String, person: String, into balances: inout [String: Int64])
        throws(PostgrestError)
    {
        for transaction in try call.select("financial_transactions") {
            let id = transaction["id"] ?? .null
            let total = cents(transaction["amount"])
            if total == 0 { continue }
            var paid: [String: Int64] = [:]
            let payers = try call.select("transaction_payers", [.eq("transaction_id", id)])
            if payers.isEmpty, let payer = transaction["payer_id"]?.stringValue {
                paid[payer] = total
            }
            for payer in payers { paid[payer["paid_by_id"]?.stringValue ?? "", default: 0] += cents(payer["amount"]) }
            var owed: [String: Int64] = [:]
            for split in try call.select("transaction_splits", [.eq("transaction_id", id)]) {
                owed[split["owed_by_id"]?.stringValue ?? "", default: 0] += cents(split["amount"])
            }
            let numerator = (paid[me] ?? 0) * (owed[person] ?? 0) - (paid[person] ?? 0) * (owed[me] ?? 0)
            let currency = transaction["currency"]?.stringValue ?? defaultCurrency
            balances[currency, default: 0] += divideRoundingHalfAway(numerator, total)
        }
    }

    private static func addSettlements(_ call: FunctionCall, me: String, person: String, into balances: inout [String: Int64])
        throws(PostgrestError)
    {
        for settlement in try call.select("settlements") {
            let from = settlement["from_person_id"]?.stringValue, to = settlement["to_person_id"]?.stringValue
            let currency = settlement["currency"]?.stringValue ?? defaultCurrency
            if from == person && to == me { balances[currency, default: 0] -= cents(settlement["amount"]) }
            if from == me && to == person { balances[currency, default: 0] += cents(settlement["amount"]) }
        }
    }

    static func divideRoundingHalfAway(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        let quotient = numerator / denominator, remainder = numerator % denominator
        if 2 * remainder.magnitude >= denominator.magnitude {
            return quotient + ((numerator < 0) != (denominator < 0) ? -1 : 1)
        }
        return quotient
    }

    private static func response(_ balances: [String: Int64]) -> JSONValue {
        let currencies = balances.keys.sorted()
        let primary = currencies.max { a, b in
            let x = balances[a]!.magnitude, y = balances[b]!.magnitude
            return x != y ? x < y : a > b
        } ?? defaultCurrency
        let primaryMinor = balances[primary] ?? 0
        return [
            "balances": .object(balances.mapValues { .double(NumericValue(units: $0, scale: 2).doubleValue) }),
            "balances_minor": .object(balances.mapValues { .int($0) }),
            "is_settled": .bool(balances.values.allSatisfy { $0 == 0 }),
            "primary_currency": .string(primary),
            "primary_amount": .double(NumericValue(units: primaryMinor, scale: 2).doubleValue),
            "primary_amount_minor": .int(primaryMinor),
        ]
    }
}
