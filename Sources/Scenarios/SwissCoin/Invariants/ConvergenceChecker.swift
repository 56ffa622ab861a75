import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// convergence: after healing, every device that syncs and is signed in holds exactly the
/// account's synced entities as the server has them (persons, live transactions, settlements,
/// groups, subscriptions and their activity, reminders and messages: field for field, money in
/// minor units, a transaction's calendar day in the store's zone, splits (with the user's raw
/// input), payers, members and subscribers as sets), with nothing left in its outbox.
struct ConvergenceChecker: InvariantChecker {
    let name = "convergence"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for plan in world.plans where world.ledger.scripts[plan.device.name] != nil {
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
                                        + (world.ledger.lastError[device].map { "; last sync error: \($0)" } ?? "")))
        }
        let currency = plan.dataset.defaultCurrency
        var snapshot = EntitySnapshot()
        let reference = "server (\(account.label))"
        // The server's side is the same for every device of the account: made once per database state.
        let server = world.admin.memoized("ConvergenceChecker.server|\(account.userId)|\(currency)") {
            Self.collections(SyncedView.server(ServerSnapshot(admin: world.admin, ownerId: account.userId), defaultCurrency: currency))
        }
        Self.add(server, at: reference, to: &snapshot)
        Self.add(Self.collections(SyncedView.local(db, defaultCurrency: currency)), at: device, to: &snapshot)
        let collections = Set(snapshot.collections(reference) + snapshot.collections(device)).sorted()
        return diffs + ConvergenceCheck.diffs(snapshot, reference: reference, locations: [device], collections: collections)
    }

    /// A synced view (`table id` → text) as a snapshot's collections, one per table, in table
    /// order, each entity list in id order.
    static func collections(_ view: [String: String]) -> [(table: String, entities: [EntitySnapshot.Entity])] {
        var grouped: [(table: String, entities: [EntitySnapshot.Entity])] = []
        for key in view.keys.sorted() {
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            precondition(parts.count == 2, "a synced view's key is `table id`")
            let entity = EntitySnapshot.Entity(key: parts[1], text: view[key]!)
            // Sorted keys put each table's entities together.
            if grouped.last?.table == parts[0] { grouped[grouped.count - 1].entities.append(entity) } else { grouped.append((parts[0], [entity])) }
        }
        precondition(Set(grouped.map(\.table)).count == grouped.count, "one run of keys per table")
        return grouped
    }

    /// Adds `collections` at `location`.
    static func add(_ collections: [(table: String, entities: [EntitySnapshot.Entity])], at location: String, to snapshot: inout EntitySnapshot) {
        for collection in collections { snapshot.add(location, collection.table, collection.entities) }
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
            view["person \(id)"] = personText([
                "name": .string(person.name ?? ""), "phone_number": optional(person.phoneNumber),
                "color_hex": optional(person.colorHex), "is_archived": .bool(person.isArchived),
            ])
        }
        for tx in db.transactions {
            guard let id = tx.id else { continue }
            view["transaction \(id)"] = transactionText(localRow(tx, db.timeZoneOffsetSeconds, defaultCurrency), defaultCurrency)
        }
        // A settlement without both persons is never uploaded (the migration lists it in its skip
        // report), so it stays local only.
        for settlement in db.settlements {
            guard let id = settlement.id, settlement.fromPersonId != nil, settlement.toPersonId != nil else { continue }
            view["settlement \(id)"] = settlementText(codec.fields(settlement), defaultCurrency)
        }
        addLocalPulledOnly(db, codec, to: &view)
        return view
    }

    /// A transaction as the server must hold it, from the model: money in minor units of its
    /// currency (splits and payers divided to the cent in proportion to what the store holds, as
    /// the app's money rules send them), the calendar day the device shows (the store's zone),
    /// each split's raw input.
    static func localRow(_ tx: FinancialTransaction, _ offsetSeconds: Int, _ defaultCurrency: String)
        -> (row: [String: JSONValue], splits: [JSONValue], payers: [JSONValue]) {
        let currency = tx.currency ?? defaultCurrency
        let total = MinorUnits.from(tx.amount, currency: currency)
        func money(_ minor: Int64) -> JSONValue { .string(MinorUnits.decimalString(minor, currency: currency)) }
        let row: [String: JSONValue] = [
            "title": .string(tx.title ?? ""), "note": optional(tx.note), "amount": money(total), "currency": optional(tx.currency),
            "payer_id": optional(tx.payerId), "split_method": optional(tx.splitMethod), "group_id": optional(tx.groupId),
            "date": tx.date.map { .string(DateText.dateOnly(milliseconds: $0, offsetSeconds: offsetSeconds)) } ?? .null,
        ]
        let splitMinor = MinorUnits.reconcile(tx.splits.map(\.amount), total: total, currency: currency)
        let splits: [JSONValue] = zip(tx.splits, splitMinor).compactMap { split, minor in
            split.owedById.map { .object(["owed_by_id": .string($0), "amount": money(minor), "raw_amount": .double(split.rawAmount)]) }
        }
        let payerMinor = MinorUnits.reconcile(tx.payers.map(\.amount), total: total, currency: currency)
        let payers: [JSONValue] = zip(tx.payers, payerMinor).compactMap { payer, minor in
            payer.paidById.map { .object(["paid_by_id": .string($0), "amount": money(minor)]) }
        }
        return (row, splits, payers)
    }

    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    static func server(_ snapshot: ServerSnapshot, defaultCurrency: String) -> [String: String] {
        var view: [String: String] = [:]
        for row in snapshot.rows("persons") { view["person \(row["id"]?.stringValue ?? "")"] = personText(row) }
        let splits = Dictionary(grouping: snapshot.childRows("transaction_splits", parent: "financial_transactions", parentColumn: "transaction_id")) {
            $0["transaction_id"]?.stringValue ?? ""
        }
        let payers = Dictionary(grouping: snapshot.childRows("transaction_payers", parent: "financial_transactions", parentColumn: "transaction_id")) {
            $0["transaction_id"]?.stringValue ?? ""
        }
        for row in snapshot.rows("financial_transactions") {
            let id = row["id"]?.stringValue ?? ""
            view["transaction \(id)"] = transactionText((row, (splits[id] ?? []).map(JSONValue.object), (payers[id] ?? []).map(JSONValue.object)),
                                                       defaultCurrency)
        }
        for row in snapshot.rows("settlements") {
            view["settlement \(row["id"]?.stringValue ?? "")"] = settlementText(row, defaultCurrency)
        }
        addServerPulledOnly(snapshot, to: &view)
        return view
    }

    static func personText(_ row: [String: JSONValue]) -> String {
        [text(row["name"]), text(row["phone_number"]), text(row["color_hex"]), row["is_archived"]?.boolValue == true ? "archived" : "active"]
            .joined(separator: " | ")
    }

    /// A transaction as text: its fields, its calendar day, split method and group, and its splits
    /// (with the user's raw input) and payers as sets.
    static func transactionText(_ parts: (row: [String: JSONValue], splits: [JSONValue], payers: [JSONValue]), _ defaultCurrency: String) -> String {
        let (row, splits, payers) = parts
        let currency = row["currency"]?.stringValue ?? defaultCurrency
        func minor(_ value: JSONValue?) -> String { ServerSnapshot.minor(value, currency: currency).map(String.init) ?? "?" }
        func set(_ items: [JSONValue], _ person: String, raw: Bool) -> String {
            items.map { "\(($0[person]?.stringValue ?? "").prefix(8)):\(minor($0["amount"]))" + (raw ? "/\(rawCents($0["raw_amount"]))" : "") }
                .sorted().joined(separator: ",")
        }
        return [text(row["title"]), text(row["note"]), minor(row["amount"]), text(row["currency"]), text(row["payer_id"]).prefix(8).description,
                text(row["split_method"]), text(row["date"]), "group " + text(row["group_id"]).prefix(8),
                "splits[\(set(splits, "owed_by_id", raw: true))]", "payers[\(set(payers, "paid_by_id", raw: false))]"].joined(separator: " | ")
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
        let amount = ServerSnapshot.minor(row["amount"], currency: currency).map(String.init) ?? "?"
        return [text(row["from_person_id"]).prefix(8).description + " → " + text(row["to_person_id"]).prefix(8),
                amount, text(row["currency"]), text(row["date"]), text(row["note"]),
                row["is_full_settlement"]?.boolValue == true ? "full" : "partial"].joined(separator: " | ")
    }

    static func text(_ value: JSONValue?) -> String { value?.stringValue ?? "" }
}
