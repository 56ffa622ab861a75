import FakeCloud
import SimCore

/// The server's rows for one account, read through the admin view (no RLS, no network) and
/// turned back into the app's model, so the harness can recompute balances from what the server
/// holds with the same rule the app uses (`ExactBalance`).
struct ServerSnapshot {
    let admin: AdminView
    let ownerId: String

    func rows(_ table: String) -> [Row] {
        admin.rows(table).filter { $0["owner_id"]?.stringValue == ownerId }
    }

    /// Rows of a child table whose parent (by `parentColumn`) belongs to the account.
    func childRows(_ table: String, parent: String, parentColumn: String) -> [Row] {
        let parents = Set(rows(parent).compactMap { $0["id"]?.stringValue })
        return admin.rows(table).filter { parents.contains($0[parentColumn]?.stringValue ?? "") }
    }

    /// A numeric column as exact minor units of `currency` (nil when absent or not exact).
    static func minor(_ value: JSONValue?, currency: String) -> Int64? {
        guard let value else { return nil }
        let text: String
        switch value {
        case .string(let s): text = s
        case .int(let i): text = String(i)
        case .double(let d): text = "\(d)"
        default: return nil
        }
        return DecimalText.minorUnits(text, digits: MinorUnits.digits(currency: currency))
    }

    /// The account's transactions and settlements as the app's model.
    func database(defaultCurrency: String) -> LocalDatabase {
        var db = LocalDatabase()
        let splits = Dictionary(grouping: childRows("transaction_splits", parent: "financial_transactions", parentColumn: "transaction_id")) {
            $0["transaction_id"]?.stringValue ?? ""
        }
        let payers = Dictionary(grouping: childRows("transaction_payers", parent: "financial_transactions", parentColumn: "transaction_id")) {
            $0["transaction_id"]?.stringValue ?? ""
        }
        for row in rows("financial_transactions") {
            let id = row["id"]?.stringValue ?? ""
            let currency = row["currency"]?.stringValue ?? defaultCurrency
            func major(_ v: JSONValue?) -> Double { Double(Self.minor(v, currency: currency) ?? 0) / Double(MinorUnits.scale(currency: currency)) }
            db.transactions.append(FinancialTransaction(
                id: id, title: row["title"]?.stringValue, amount: major(row["amount"]), currency: row["currency"]?.stringValue,
                date: nil, payerId: row["payer_id"]?.stringValue, createdById: row["created_by_id"]?.stringValue,
                groupId: row["group_id"]?.stringValue,
                splits: (splits[id] ?? []).map { TransactionSplit(owedById: $0["owed_by_id"]?.stringValue, amount: major($0["amount"])) },
                payers: (payers[id] ?? []).map { TransactionPayer(paidById: $0["paid_by_id"]?.stringValue, amount: major($0["amount"])) }))
        }
        for row in rows("settlements") {
            let currency = row["currency"]?.stringValue ?? defaultCurrency
            let amount = Double(Self.minor(row["amount"], currency: currency) ?? 0) / Double(MinorUnits.scale(currency: currency))
            db.settlements.append(Settlement(
                id: row["id"]?.stringValue, amount: amount, currency: row["currency"]?.stringValue, date: nil,
                fromPersonId: row["from_person_id"]?.stringValue, toPersonId: row["to_person_id"]?.stringValue))
        }
        for row in rows("persons") {
            db.persons.append(Person(id: row["id"]?.stringValue, name: row["name"]?.stringValue))
        }
        return db
    }
}

/// Exact decimal text → integer minor units, with no floating point.
enum DecimalText {
    /// `"12.30"` with 2 digits → 1230; nil when the text has more non-zero fraction digits.
    static func minorUnits(_ text: String, digits: Int) -> Int64? {
        var text = Substring(text)
        var negative = false
        if text.hasPrefix("-") { negative = true; text = text.dropFirst() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0].isEmpty ? "0" : String(parts[0])) else { return nil }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        if fraction.contains("e") || fraction.contains("E") { return nil }
        while fraction.count > digits {
            guard fraction.hasSuffix("0") else { return nil }
            fraction.removeLast()
        }
        fraction += String(repeating: "0", count: digits - fraction.count)
        guard let fractionValue = Int64(fraction.isEmpty ? "0" : fraction) else { return nil }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let value = whole * scale + fractionValue
        return negative ? -value : value
    }
}
