import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

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
            // Runs as the caller: only rows RLS lets them see count. A call reads only the rows
            // involving the person (through the foreign-key indexes), as a real function does:
            // with other devices of the account uploading, every call sees new rows, and one
            // cannot cost the whole account. When many calls come at one state (the verification
            // asks for every person in a row), every person's balance is computed once and
            // answers the rest: the ski-rental rule, buying once the rows the person-by-person
            // calls read at this state reach the rows that computation read last time (never
            // more than about twice the cheaper choice). Both give the same numbers.
            let rental = try SkiRental(call, key: "balance", tables: readTables, nothing: .eq("id", noRow))
            let owed: [String: Int64]
            if rental.nextCallRents() {
                let (balances, rows) = try balances(with: person, me: me, call)
                owed = balances
                rental.spending.rows += rows
            } else {
                let everyone = try call.memoized("balances") { () -> [String: [String: Int64]] in
                    let (balances, rows) = try everyonesBalances(me: me, call)
                    rental.price.rows = rows
                    return balances
                }
                owed = everyone[person] ?? [:]  // never has an entry for `me`
            }
            return FunctionResult(body: response(owed))
        } catch let error as PostgrestError {
            return FunctionResult(status: 400, body: error.body)
        } catch {
            return FunctionResult(status: 500, body: ["error": .string("\(error)")])
        }
    }

    /// The tables a balance reads.
    static let readTables = ["financial_transactions", "transaction_splits", "transaction_payers", "settlements"]
    /// A key no row has (a lookup that reads a table through its primary key and finds nothing).
    static let noRow = JSONValue.string("00000000-0000-0000-0000-000000000000")

    /// Every person's balance with the caller, over every row the caller can see, and how many
    /// rows that read.
    static func everyonesBalances(me: String, _ call: FunctionCall) throws -> (balances: [String: [String: Int64]], rows: Int) {
        let rows = ServerRows(
            transactions: try call.select("financial_transactions", [.isNull("deleted_at")]), splits: try call.select("transaction_splits"),
            payers: try call.select("transaction_payers"), settlements: try call.select("settlements"), persons: [])
        let read = rows.transactions.count + rows.splits.count + rows.payers.count + rows.settlements.count
        return (ExactBalance.balancesWithEveryone(currentUserId: me, in: rows.database(defaultCurrency: defaultCurrency),
                                                  defaultCurrency: defaultCurrency, reconcile: false), read)
    }

    /// What `ExactBalance.balancesWithEveryone` gives `person` over all the caller's rows: a
    /// transaction adds to a person's balance only when the person pays or owes in it (a net
    /// position), and a settlement only when it is from or to them; so the transactions where the
    /// person is a payer, the effective payer or owes a split, with all their splits and payers,
    /// and the settlements from or to the person, give the same number. Sums are exact integers,
    /// so the order of the transactions does not matter. Also returns how many rows it read.
    static func balances(with person: String, me: String, _ call: FunctionCall) throws -> (balances: [String: Int64], rows: Int) {
        let key = JSONValue.string(person)
        var ids: [JSONValue] = []
        let owing: [Row]
        do {
            owing = try call.select("transaction_splits", [.eq("owed_by_id", key)])
        } catch {
            if error.code == "22P02" { return ([:], 0) }  // not a uuid: no row names this person, nothing is owed
            throw error
        }
        for row in owing { ids.append(row["transaction_id"] ?? .null) }
        for row in try call.select("transaction_payers", [.eq("paid_by_id", key)]) { ids.append(row["transaction_id"] ?? .null) }
        for row in try call.select("financial_transactions", [.eq("payer_id", key)]) { ids.append(row["id"] ?? .null) }
        let found = ids.count
        let involved: [RowFilter] = [.in("transaction_id", ids)]
        let rows = ServerRows(
            transactions: ids.isEmpty ? [] : try call.select("financial_transactions", [.in("id", ids), .isNull("deleted_at")]),
            splits: ids.isEmpty ? [] : try call.select("transaction_splits", involved),
            payers: ids.isEmpty ? [] : try call.select("transaction_payers", involved),
            settlements: try call.select("settlements", [.eq("from_person_id", key)])
                + call.select("settlements", [.eq("to_person_id", key), .neq("from_person_id", key)]),
            persons: [])
        let database = rows.database(defaultCurrency: defaultCurrency)
        let everyone = ExactBalance.balancesWithEveryone(currentUserId: me, in: database, defaultCurrency: defaultCurrency,
                                                         reconcile: false)
        let read = found + rows.transactions.count + rows.splits.count + rows.payers.count + rows.settlements.count
        return (person == me ? [:] : everyone[person] ?? [:], read)
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
