import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// The `calculate-balance` edge function: the balance between the caller ("me", the
/// self-person whose id is `auth.uid()`) and one person, per currency, from the rows the caller can
/// see (queries run as the caller, through RLS).
///
/// The plan gives only the response (`BalanceResponse`: `balances`, `is_settled`,
/// `primary_amount`, `primary_currency`), not the computation, so the amounts follow the app's own
/// rule (`ExactBalance`, ported from the app's net-position algorithm): a correct device and the
/// server agree exactly. Positive means the person owes me. Balances are exact decimal strings in
/// each currency's minor units, plus `balances_minor` integers. Primary currency: the largest
/// absolute balance, ties by code; none → "CHF". A missing `currency` counts as "CHF".
enum BalanceFunction {
    static let defaultCurrency = "CHF"

    @Sendable static func run(_ call: FunctionCall) -> FunctionResult {
        guard let me = call.auth.uid, let person = call.body["person_id"]?.stringValue, !person.isEmpty else {
            return FunctionResult(status: 400, body: ["error": "person_id required"])
        }
        do {
            // Runs as the caller: only rows RLS lets them see count. Every person's balance comes
            // from the same rows, so they are computed together and remembered until a table
            // changes (`FunctionCall.memoized`): the answer is the same as recomputing.
            let everyone = try call.memoized("balances") {
                let rows = ServerRows(
                    transactions: try call.select("financial_transactions", [.isNull("deleted_at")]), splits: try call.select("transaction_splits"),
                    payers: try call.select("transaction_payers"), settlements: try call.select("settlements"), persons: [])
                let database = rows.database(defaultCurrency: defaultCurrency)
                return ExactBalance.balancesWithEveryone(currentUserId: me, in: database, defaultCurrency: defaultCurrency,
                                                         reconcile: false)
            }
            return FunctionResult(body: response(everyone[person] ?? [:]))  // never has an entry for `me`
        } catch let error as PostgrestError {
            return FunctionResult(status: 400, body: error.body)
        } catch {
            return FunctionResult(status: 500, body: ["error": .string("\(error)")])
        }
    }

    private static func response(_ balances: [String: Int64]) -> JSONValue {
        let currencies = balances.keys.sorted()
        let primary = currencies.max { a, b in
            let x = balances[a]!.magnitude, y = balances[b]!.magnitude
            return x != y ? x < y : a > b
        } ?? defaultCurrency
        let primaryMinor = balances[primary] ?? 0
        return [
            // Exact decimal text in each currency's own minor units (JPY has none).
            "balances": .object(Dictionary(uniqueKeysWithValues: currencies.map { ($0, JSONValue.string(MinorUnits.decimalString(balances[$0]!, currency: $0))) })),
            "balances_minor": .object(balances.mapValues { .int($0) }),
            "is_settled": .bool(balances.values.allSatisfy { $0 == 0 }),
            "primary_currency": .string(primary),
            "primary_amount": .string(MinorUnits.decimalString(primaryMinor, currency: primary)),
            "primary_amount_minor": .int(primaryMinor),
        ]
    }
}
