import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// convergence: after healing, every device that syncs and is signed in holds exactly the
/// account's synced entities as the server has them (persons, live transactions, settlements,
/// groups, subscriptions and their activity, reminders and messages: field for field, money in
/// minor units, a transaction's calendar day in the store's zone, splits (with the user's raw
/// input), payers, members and subscribers as sets), with nothing left in its outbox.
struct ConvergenceChecker: InvariantChecker {
    let name = "convergence"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for plan in world.plans where world.sync.scripts[plan.device.name] != nil {
            guard let label = world.signedIn[plan.device.name] else { continue }
            diffs += self.diffs(world, plan, account: world.account(label))
        }
        return ViolationReport.of(name, diffs) { "\($0) synced entities differ between a device and the server" }
    }

    func diffs(_ world: SwissCoinWorld, _ plan: SwissCoinStage.DevicePlan, account: SwissCoinStage.Account) -> [EntityDiff] {
        let device = plan.device.name
        guard let db = world.currentStore(plan.device) else {
            return [EntityDiff(entity: "local store", location: device, expected: "readable", actual: "unreadable")]
        }
        var diffs: [EntityDiff] = []
        if let pending = db.sync?.outbox, !pending.isEmpty {
            diffs.append(EntityDiff(entity: "outbox", location: device, expected: "empty",
                                    actual: "\(pending.count) changes (first: \(pending[0].kind.rawValue) \(pending[0].table) \(pending[0].entityId.prefix(8)))"
                                        + (world.sync.lastError[device].map { "; last sync error: \($0)" } ?? "")))
        }
        let currency = plan.dataset.defaultCurrency
        let reference = "server (\(account.label))"
        // The server's side is the same for every device of the account: made once per database state.
        let server = world.admin.memoized("ConvergenceChecker.server|\(account.userId)|\(currency)") {
            SyncedView.server(ServerSnapshot(admin: world.admin, ownerId: account.userId), defaultCurrency: currency)
        }
        return diffs + ConvergenceCheck.diffs(expected: server, actual: SyncedView.local(db, defaultCurrency: currency),
                                              location: "\(device) vs \(reference)")
    }
}

/// Synced entities as comparable text, keyed `table id`: the same projection of a local store and
/// of the server's rows.
enum SyncedView {
    /// The store's synced entities. Persons and transactions (what users edit after the migration)
    /// are projected here from the model, not through the app's `SyncRowCodec`: a codec that sends
    /// a field wrong in both directions would otherwise agree with itself.
    static func local(_ db: LocalDatabase, defaultCurrency: String) -> [String: String] {
        let codec = SyncRowCodec(defaultCurrency: defaultCurrency, offsetSeconds: db.timeZoneOffsetSeconds)
        var view: [String: String] = [:]
        for person in db.persons {
            guard let id = person.id else { continue }
            view[key("person", id)] = personText(name: person.name ?? "", phone: person.phoneNumber ?? "", color: person.colorHex ?? "",
                                                 archived: person.isArchived)
        }
        for tx in db.transactions {
            guard let id = tx.id else { continue }
            view[key("transaction", id)] = localTransactionText(tx, db.timeZoneOffsetSeconds, defaultCurrency)
        }
        // A settlement without both persons is never uploaded (the migration lists it in its skip
        // report), so it stays local only.
        for settlement in db.settlements {
            guard let id = settlement.id, settlement.fromPersonId != nil, settlement.toPersonId != nil else { continue }
            view[key("settlement", id)] = settlementText(codec.fields(settlement), defaultCurrency)
        }
        addLocalPulledOnly(db, codec, to: &view)
        return view
    }

    /// A view key: `table id`. An entity needs a non-empty id to be named in a report.
    static func key(_ table: String, _ id: String) -> String {
        precondition(!id.isEmpty, "a synced view's key is `table id`")
        return table + " " + id
    }

    /// A transaction as the server must hold it, from the model: money in minor units of its
    /// currency (splits and payers divided to the cent in proportion to what the store holds, as
    /// the app's money rules send them), the calendar day the device shows (the store's zone),
    /// each split's raw input. The same text `transactionText` makes of the row the fixed codec
    /// would push, built without the row.
    static func localTransactionText(_ tx: FinancialTransaction, _ offsetSeconds: Int, _ defaultCurrency: String) -> String {
        let currency = tx.currency ?? defaultCurrency
        let total = MinorUnits.from(tx.amount, currency: currency)
        let splitMinor = MinorUnits.reconcile(tx.splits.map(\.amount), total: total, currency: currency)
        let splits: [String] = zip(tx.splits, splitMinor).compactMap { split, minor in
            split.owedById.map { member($0, minorText(minor, currency), raw: String(Int64((split.rawAmount * 100).rounded()))) }
        }
        let payerMinor = MinorUnits.reconcile(tx.payers.map(\.amount), total: total, currency: currency)
        let payers: [String] = zip(tx.payers, payerMinor).compactMap { payer, minor in
            payer.paidById.map { member($0, minorText(minor, currency), raw: nil) }
        }
        return transactionText(
            title: tx.title ?? "", note: tx.note ?? "", amount: minorText(total, currency), currency: tx.currency ?? "",
            payer: tx.payerId ?? "", splitMethod: tx.splitMethod ?? "",
            date: tx.date.map { DateText.dateOnly(milliseconds: $0, offsetSeconds: offsetSeconds) } ?? "",
            group: tx.groupId ?? "", splits: splits, payers: payers)
    }

    /// Minor units as `transactionText` prints them after the round trip through the exact decimal
    /// text the app sends (`MinorUnits.decimalString`, read back with `ServerAmount.minor`):
    /// the number itself, except at `Int64.min`, which the round trip does not survive.
    static func minorText(_ minor: Int64, _ currency: String) -> String {
        guard minor == .min else { return String(minor) }
        let sent = JSONValue.string(MinorUnits.decimalString(minor, currency: currency))
        return ServerAmount.minor(sent, currency: currency).map(String.init) ?? "?"
    }

    static func server(_ snapshot: ServerSnapshot, defaultCurrency: String) -> [String: String] {
        var view: [String: String] = [:]
        for row in snapshot.rows("persons") { view[key("person", row["id"]?.stringValue ?? "")] = personText(row) }
        let splits = Dictionary(grouping: snapshot.childRows("transaction_splits", parent: "financial_transactions", parentColumn: "transaction_id")) {
            $0["transaction_id"]?.stringValue ?? ""
        }
        let payers = Dictionary(grouping: snapshot.childRows("transaction_payers", parent: "financial_transactions", parentColumn: "transaction_id")) {
            $0["transaction_id"]?.stringValue ?? ""
        }
        for row in snapshot.rows("financial_transactions") {
            let id = row["id"]?.stringValue ?? ""
            view[key("transaction", id)] = transactionText((row, (splits[id] ?? []).map(JSONValue.object), (payers[id] ?? []).map(JSONValue.object)),
                                                       defaultCurrency)
        }
        for row in snapshot.rows("settlements") {
            view[key("settlement", row["id"]?.stringValue ?? "")] = settlementText(row, defaultCurrency)
        }
        addServerPulledOnly(snapshot, to: &view)
        return view
    }

    static func personText(_ row: [String: JSONValue]) -> String {
        personText(name: text(row["name"]), phone: text(row["phone_number"]), color: text(row["color_hex"]),
                   archived: row["is_archived"]?.boolValue == true)
    }

    static func personText(name: String, phone: String, color: String, archived: Bool) -> String {
        [name, phone, color, archived ? "archived" : "active"].joined(separator: " | ")
    }

    /// A transaction as text: its fields, its calendar day, split method and group, and its splits
    /// (with the user's raw input) and payers as sets.
    static func transactionText(_ parts: (row: [String: JSONValue], splits: [JSONValue], payers: [JSONValue]), _ defaultCurrency: String) -> String {
        let (row, splits, payers) = parts
        let currency = row["currency"]?.stringValue ?? defaultCurrency
        func minor(_ value: JSONValue?) -> String { ServerAmount.minor(value, currency: currency).map(String.init) ?? "?" }
        return transactionText(
            title: text(row["title"]), note: text(row["note"]), amount: minor(row["amount"]), currency: text(row["currency"]),
            payer: text(row["payer_id"]), splitMethod: text(row["split_method"]), date: text(row["date"]), group: text(row["group_id"]),
            splits: splits.map { member(text($0["owed_by_id"]), minor($0["amount"]), raw: rawCents($0["raw_amount"])) },
            payers: payers.map { member(text($0["paid_by_id"]), minor($0["amount"]), raw: nil) })
    }

    /// A transaction's text from its printed fields; `splits` and `payers` are `member` texts in
    /// any order (printed as sets).
    static func transactionText(title: String, note: String, amount: String, currency: String, payer: String, splitMethod: String,
                                date: String, group: String, splits: [String], payers: [String]) -> String {
        [title, note, amount, currency, String(payer.prefix(8)), splitMethod, date, "group \(group.prefix(8))",
         "splits[" + splits.sorted().joined(separator: ",") + "]", "payers[" + payers.sorted().joined(separator: ",") + "]"]
            .joined(separator: " | ")
    }

    /// A split or payer: `person:minor`, and `/raw` (a split's raw input in hundredths).
    static func member(_ person: String, _ minor: String, raw: String?) -> String {
        raw.map { "\(person.prefix(8)):\(minor)/\($0)" } ?? "\(person.prefix(8)):\(minor)"
    }

    /// A split's `raw_amount` (the user's input; `numeric(12,2)` on the server, a `Double` in the
    /// store) in hundredths, rounded (the app's inputs have at most two decimals); absent or NULL
    /// is the store's 0 (unset).
    static func rawCents(_ value: JSONValue?) -> String {
        switch value {
        case .double(let d)?: return String(Int64((d * 100).rounded()))
        case .int(let i)?: return String(i * 100)
        case .string(let s)?: return DecimalText.minorUnits(s, digits: 2).map(String.init) ?? "?\(s)"
        default: return "0"
        }
    }

    static func settlementText(_ row: [String: JSONValue], _ defaultCurrency: String) -> String {
        let currency = row["currency"]?.stringValue ?? defaultCurrency
        let amount = ServerAmount.minor(row["amount"], currency: currency).map(String.init) ?? "?"
        return ["\(text(row["from_person_id"]).prefix(8)) → \(text(row["to_person_id"]).prefix(8))",
                amount, text(row["currency"]), text(row["date"]), text(row["note"]),
                row["is_full_settlement"]?.boolValue == true ? "full" : "partial"].joined(separator: " | ")
    }

    static func text(_ value: JSONValue?) -> String { value?.stringValue ?? "" }
}
