import AppPorts
import SimValues

/// Local entities ↔ the rows `sync_push` and `sync_pull` carry. Money leaves as exact decimal text
/// from minor units (splits and payers reconciled to the amount, as the fixed migration sends them);
/// a `date` is the calendar day in the store's zone.
public struct SyncRowCodec {
    /// The currency of an amount whose entity names none.
    public let defaultCurrency: String
    let offsetSeconds: Int

    /// A codec for a store whose default currency is `defaultCurrency` and whose zone is
    /// `offsetSeconds` east of UTC.
    public init(defaultCurrency: String, offsetSeconds: Int) {
        self.defaultCurrency = defaultCurrency
        self.offsetSeconds = offsetSeconds
    }

    // MARK: Local → row

    /// The person's columns of `groups`.
    public func fields(_ person: Person, _ groups: [SyncFieldGroup]) -> CloudRow {
        var row: CloudRow = [:]
        for group in groups {
            switch group {
            case .name: row["name"] = .string(person.name ?? "")
            case .contact:
                row["phone_number"] = text(person.phoneNumber)
                row["color_hex"] = text(person.colorHex)
            case .archived: row["is_archived"] = .bool(person.isArchived)
            case .text, .money: continue
            }
        }
        return row
    }

    /// The transaction's columns of `groups`; `money` also yields the full split and payer sets.
    public func fields(_ tx: FinancialTransaction, _ groups: [SyncFieldGroup]) -> (row: CloudRow, splits: [JSONValue]?, payers: [JSONValue]?) {
        var row: CloudRow = [:]
        var splits: [JSONValue]?, payers: [JSONValue]?
        let currency = tx.currency ?? defaultCurrency
        for group in groups {
            switch group {
            case .text:
                row["title"] = .string(tx.title ?? "")
                row["note"] = text(tx.note)
            case .money:
                let total = MinorUnits.from(tx.amount, currency: currency)
                row["amount"] = .string(MinorUnits.decimalString(total, currency: currency))
                row["currency"] = text(tx.currency)
                row["split_method"] = text(tx.splitMethod)
                row["payer_id"] = text(tx.payerId)
                splits = children(tx, "transaction_splits", tx.splits.map { ($0.owedById, $0.amount, $0.rawAmount) }, total, currency)
                payers = children(tx, "transaction_payers", tx.payers.map { ($0.paidById, $0.amount, nil) }, total, currency)
            case .name, .contact, .archived: continue
            }
        }
        return (row, splits, payers)
    }

    /// Every column a new transaction is created with.
    public func createFields(_ tx: FinancialTransaction) -> (row: CloudRow, splits: [JSONValue]?, payers: [JSONValue]?) {
        var (row, splits, payers) = fields(tx, [.text, .money])
        row["date"] = tx.date.map { .string(DateText.dateOnly(milliseconds: $0, offsetSeconds: offsetSeconds)) } ?? .null
        row["created_by_id"] = text(tx.createdById)
        row["group_id"] = text(tx.groupId)
        return (row, splits, payers)
    }

    /// Split or payer rows with the migration's deterministic ids, amounts reconciled to `total`.
    private func children(_ tx: FinancialTransaction, _ table: String, _ items: [(String?, Double, Double?)], _ total: Int64,
                          _ currency: String) -> [JSONValue] {
        let exact = MinorUnits.reconcile(items.map(\.1), total: total, currency: currency)
        let personColumn = table == "transaction_splits" ? "owed_by_id" : "paid_by_id"
        var seen: [String: Int] = [:]
        var rows: [JSONValue] = []
        for (index, item) in items.enumerated() {
            guard let person = item.0 else { continue }
            let occurrence = seen[person, default: 0]
            seen[person] = occurrence + 1
            var row: [String: JSONValue] = [
                "id": .string(DeterministicID.uuid([table, tx.id ?? "", person, String(occurrence)])),
                personColumn: .string(person),
                "amount": .string(MinorUnits.decimalString(exact[index], currency: currency)),
            ]
            if let raw = item.2 { row["raw_amount"] = .double(raw) }
            rows.append(.object(row))
        }
        return rows
    }

    /// The settlement's synced columns (what `sync_pull` carries and convergence compares).
    public func fields(_ settlement: Settlement) -> CloudRow {
        [
            "amount": money(settlement.amount, settlement.currency ?? defaultCurrency),
            "currency": text(settlement.currency), "note": text(settlement.note), "date": calendarDay(settlement.date),
            "is_full_settlement": .bool(settlement.isFullSettlement),
            "from_person_id": text(settlement.fromPersonId), "to_person_id": text(settlement.toPersonId),
        ]
    }

    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    // MARK: Row → local

    /// The server's person, keeping the local values of `pending` groups (not pushed yet).
    public func person(from row: CloudRow, over local: Person?, keeping pending: Set<SyncFieldGroup>) -> Person {
        var person = local ?? Person(id: row["id"]?.stringValue, name: nil)
        if !pending.contains(.name) { person.name = row["name"]?.stringValue }
        if !pending.contains(.contact) {
            person.phoneNumber = row["phone_number"]?.stringValue
            person.colorHex = row["color_hex"]?.stringValue
        }
        if !pending.contains(.archived) { person.isArchived = row["is_archived"]?.boolValue ?? false }
        return person
    }

    /// The server's transaction with its splits and payers, keeping the local values of `pending`
    /// groups. A new transaction's date is noon of its calendar day in the store's zone.
    public func transaction(from row: CloudRow, splits: [JSONValue], payers: [JSONValue], over local: FinancialTransaction?,
                     keeping pending: Set<SyncFieldGroup>) -> FinancialTransaction {
        var tx = local ?? FinancialTransaction(
            id: row["id"]?.stringValue, title: nil, amount: 0, currency: nil, date: day(row["date"]),
            payerId: nil, createdById: row["created_by_id"]?.stringValue, groupId: row["group_id"]?.stringValue)
        if !pending.contains(.text) {
            tx.title = row["title"]?.stringValue
            tx.note = row["note"]?.stringValue
        }
        if !pending.contains(.money) {
            let currency = row["currency"]?.stringValue ?? defaultCurrency
            tx.currency = row["currency"]?.stringValue
            tx.amount = ServerAmount.major(row["amount"], currency: currency)
            tx.splitMethod = row["split_method"]?.stringValue
            tx.payerId = row["payer_id"]?.stringValue
            tx.splits = splits.map { TransactionSplit(owedById: $0["owed_by_id"]?.stringValue, amount: ServerAmount.major($0["amount"], currency: currency),
                                                      rawAmount: raw($0["raw_amount"])) }
            tx.payers = payers.map { TransactionPayer(paidById: $0["paid_by_id"]?.stringValue, amount: ServerAmount.major($0["amount"], currency: currency)) }
        }
        return tx
    }

    /// The server's settlement. Its date is noon of its calendar day in the store's zone.
    func settlement(from row: CloudRow) -> Settlement {
        let currency = row["currency"]?.stringValue ?? defaultCurrency
        return Settlement(
            id: row["id"]?.stringValue, amount: ServerAmount.major(row["amount"], currency: currency),
            currency: row["currency"]?.stringValue, date: day(row["date"]), note: row["note"]?.stringValue,
            isFullSettlement: row["is_full_settlement"]?.boolValue ?? false,
            fromPersonId: row["from_person_id"]?.stringValue, toPersonId: row["to_person_id"]?.stringValue)
    }

    private func raw(_ value: JSONValue?) -> Double {
        switch value {
        case .double(let d)?: return d
        case .int(let i)?: return Double(i)
        case .string(let s)?: return Double(s) ?? 0
        default: return 0
        }
    }

    /// `yyyy-MM-dd` → milliseconds at noon of that day in the store's zone.
    func day(_ value: JSONValue?) -> Int64? {
        guard let text = value?.stringValue else { return nil }
        let parts = text.prefix(10).split(separator: "-").compactMap { Int64($0) }
        guard parts.count == 3 else { return nil }
        let days = DateText.days(year: parts[0], month: parts[1], day: parts[2])
        return (days * 86_400 + 43_200 - Int64(offsetSeconds)) * 1000
    }
}
