import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// The server's rows for one account, read through the admin view (no RLS, no network) and
/// turned back into the app's model, so the harness can recompute balances from what the server
/// holds with the same rule the app uses (`ExactBalance`).
///
/// Every checker reads the same account's rows at quiescence: each result is computed once per
/// database state (`AdminView.memoized`, keyed by the account and the arguments) and shared.
struct ServerSnapshot {
    let admin: AdminView
    let ownerId: String

    /// The account's rows of `table`, without soft-deleted ones (`deleted_at` set by sync).
    func rows(_ table: String) -> [Row] {
        admin.memoized("ServerSnapshot.rows|\(ownerId)|\(table)") {
            admin.rows(table).filter { $0["owner_id"]?.stringValue == ownerId && ($0["deleted_at"] ?? .null).isNull }
        }
    }

    /// Rows of a child table whose parent (by `parentColumn`) belongs to the account.
    func childRows(_ table: String, parent: String, parentColumn: String) -> [Row] {
        admin.memoized("ServerSnapshot.childRows|\(ownerId)|\(table)|\(parent)|\(parentColumn)") {
            let parents = Set(rows(parent).compactMap { $0["id"]?.stringValue })
            return admin.rows(table).filter { parents.contains($0[parentColumn]?.stringValue ?? "") }
        }
    }

    /// `childRows` by natural key `parent id|person id` (each key's rows in stored order): the
    /// index no-loss and round-trip-fidelity look local splits, payers, members and subscribers up in.
    func childRowsByKey(_ table: String, parent: String, parentColumn: String, personColumn: String) -> [String: [Row]] {
        admin.memoized("ServerSnapshot.childRowsByKey|\(ownerId)|\(table)|\(parent)|\(parentColumn)|\(personColumn)") {
            var index: [String: [Row]] = [:]
            for row in childRows(table, parent: parent, parentColumn: parentColumn) {
                index["\(row[parentColumn]?.stringValue ?? "")|\(row[personColumn]?.stringValue ?? "")", default: []].append(row)
            }
            return index
        }
    }

    /// The account's transactions, settlements and persons as the app's model.
    func database(defaultCurrency: String) -> LocalDatabase {
        admin.memoized("ServerSnapshot.database|\(ownerId)|\(defaultCurrency)") {
            ServerRows(
                transactions: rows("financial_transactions"),
                splits: childRows("transaction_splits", parent: "financial_transactions", parentColumn: "transaction_id"),
                payers: childRows("transaction_payers", parent: "financial_transactions", parentColumn: "transaction_id"),
                settlements: rows("settlements"), persons: rows("persons")
            ).database(defaultCurrency: defaultCurrency)
        }
    }
}

/// Server rows of the balance-relevant tables, turned into the app's model so balances are
/// recomputed from what the server holds with the app's own rule (`ExactBalance`). Shared by the
/// `calculate-balance` function (rows the caller can see) and the checkers (admin rows).
struct ServerRows {
    var transactions: [Row]
    var splits: [Row]
    var payers: [Row]
    var settlements: [Row]
    var persons: [Row]

    func database(defaultCurrency: String) -> LocalDatabase {
        var db = LocalDatabase()
        // Each transaction's splits and payers, in stored order, gathered by the place of the first
        // transaction with their `transaction_id` (one lookup per row; transactions sharing an id
        // share the lists, as grouping by id would give them).
        var place: [String: Int] = [:]
        place.reserveCapacity(transactions.count)
        let ids = transactions.map { $0["id"]?.stringValue ?? "" }
        for (index, id) in ids.enumerated() where place[id] == nil { place[id] = index }
        var splitsByPlace = [[Row]](repeating: [], count: transactions.count)
        var payersByPlace = [[Row]](repeating: [], count: transactions.count)
        for row in splits {
            if let index = place[row["transaction_id"]?.stringValue ?? ""] { splitsByPlace[index].append(row) }
        }
        for row in payers {
            if let index = place[row["transaction_id"]?.stringValue ?? ""] { payersByPlace[index].append(row) }
        }
        db.transactions.reserveCapacity(transactions.count)
        for (row, id) in zip(transactions, ids) {
            let currency = row["currency"]?.stringValue ?? defaultCurrency
            let first = place[id]!
            func major(_ v: JSONValue?) -> Double { ServerAmount.major(v, currency: currency) }
            db.transactions.append(FinancialTransaction(
                id: id, title: row["title"]?.stringValue, amount: major(row["amount"]), currency: row["currency"]?.stringValue,
                date: nil, payerId: row["payer_id"]?.stringValue, createdById: row["created_by_id"]?.stringValue,
                groupId: row["group_id"]?.stringValue,
                splits: splitsByPlace[first].map { TransactionSplit(owedById: $0["owed_by_id"]?.stringValue, amount: major($0["amount"])) },
                payers: payersByPlace[first].map { TransactionPayer(paidById: $0["paid_by_id"]?.stringValue, amount: major($0["amount"])) }))
        }
        for row in settlements {
            let currency = row["currency"]?.stringValue ?? defaultCurrency
            db.settlements.append(Settlement(
                id: row["id"]?.stringValue, amount: ServerAmount.major(row["amount"], currency: currency), currency: row["currency"]?.stringValue,
                date: nil, fromPersonId: row["from_person_id"]?.stringValue, toPersonId: row["to_person_id"]?.stringValue))
        }
        for row in persons { db.persons.append(Person(id: row["id"]?.stringValue, name: row["name"]?.stringValue)) }
        return db
    }
}
