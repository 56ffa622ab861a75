import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// no-loss (and status truthfulness): when a device claims its migration is complete — or its
/// owner is still signed in after healing — every local entity is on the server for that account,
/// by id (and by natural key for splits, payers, members, subscribers), with the same amount and
/// currency where it has one.
/// Not the ledger's `NoLossCheck`: the migration's input is the device's whole store (remapped to
/// the owner's id), matched by id and natural key, with sync edits replayed on top of it.
struct NoLossChecker: InvariantChecker {
    let name = "no-loss"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for plan in world.plansThatMustBeMigrated {
            diffs += missing(world, plan)
        }
        diffs += unsyncedLosses(world)
        return ViolationReport.of(name, diffs) { "\($0) local entities are not on the server" }
    }

    func missing(_ world: SwissCoinWorld, _ plan: SwissCoinStage.DevicePlan) -> [EntityDiff] {
        let owner = world.account(plan.owner).userId
        let db = world.expected(plan)
        let snapshot = ServerSnapshot(admin: world.admin, ownerId: owner)
        var diffs: [EntityDiff] = []
        func present(_ table: String, _ ids: [String?], label: String) {
            let onServer = Set(snapshot.rows(table).compactMap { $0["id"]?.stringValue })
            for case let id? in ids where !onServer.contains(id) {
                diffs.append(EntityDiff(entity: "\(label) \(id.prefix(8))", location: "server (\(plan.owner))", expected: "present", actual: "missing"))
            }
        }
        present("persons", db.persons.map(\.id), label: "person")
        present("user_groups", db.groups.map(\.id), label: "group")
        present("subscriptions", db.subscriptions.map(\.id), label: "subscription")
        present("financial_transactions", db.transactions.map(\.id), label: "transaction")
        let unmigratable = Set(SwissCoinWorld.unmigratable(db).map(\.id))  // reported instead (status-truthfulness)
        present("settlements", db.settlements.map(\.id).filter { !unmigratable.contains($0 ?? "") }, label: "settlement")
        present("reminders", db.reminders.map(\.id), label: "reminder")
        present("chat_messages", db.chatMessages.map(\.id), label: "message")
        present("subscription_payments", db.subscriptionPayments.map(\.id), label: "subscription payment")
        present("subscription_settlements", db.subscriptionSettlements.map(\.id), label: "subscription settlement")
        present("subscription_reminders", db.subscriptionReminders.map(\.id), label: "subscription reminder")
        diffs += transactionFields(db, snapshot)
        diffs += subscriptionFields(db, snapshot, defaultCurrency: plan.dataset.defaultCurrency)
        diffs += naturalKeys(db, snapshot)
        return diffs
    }

    /// Amount and currency of every transaction, exact.
    func transactionFields(_ db: LocalDatabase, _ snapshot: ServerSnapshot) -> [EntityDiff] {
        var rows: [String: Row] = [:]
        for row in snapshot.rows("financial_transactions") { rows[row["id"]?.stringValue ?? ""] = row }
        var diffs: [EntityDiff] = []
        for tx in db.transactions {
            guard let id = tx.id, let row = rows[id] else { continue }
            let currency = tx.currency ?? "CHF"
            let local = MinorUnits.from(tx.amount, currency: currency)
            let server = ServerAmount.minor(row["amount"], currency: currency)
            if server != local || row["currency"]?.stringValue != tx.currency {
                diffs.append(EntityDiff(
                    entity: "transaction \(id.prefix(8)) amount", location: "server",
                    expected: "\(MinorUnits.decimalString(local, currency: currency)) \(currency)",
                    actual: "\(row["amount"]?.canonicalText ?? "null") \(row["currency"]?.stringValue ?? "null")"))
            }
        }
        return diffs
    }

    /// Amount and currency of every subscription, exact: without its currency a device that pulls
    /// the subscription shows it in the default one (`subscription-currency-dropped`).
    func subscriptionFields(_ db: LocalDatabase, _ snapshot: ServerSnapshot, defaultCurrency: String) -> [EntityDiff] {
        var rows: [String: Row] = [:]
        for row in snapshot.rows("subscriptions") { rows[row["id"]?.stringValue ?? ""] = row }
        var diffs: [EntityDiff] = []
        for sub in db.subscriptions {
            guard let id = sub.id, let row = rows[id] else { continue }
            let currency = sub.currency ?? defaultCurrency
            let local = MinorUnits.from(sub.amount, currency: currency)
            if ServerAmount.minor(row["amount"], currency: currency) != local || row["currency"]?.stringValue != sub.currency {
                diffs.append(EntityDiff(
                    entity: "subscription \(id.prefix(8)) amount", location: "server",
                    expected: "\(MinorUnits.decimalString(local, currency: currency)) \(sub.currency ?? "null")",
                    actual: "\(row["amount"]?.canonicalText ?? "null") \(row["currency"]?.stringValue ?? "null")"))
            }
        }
        return diffs
    }

    func naturalKeys(_ db: LocalDatabase, _ snapshot: ServerSnapshot) -> [EntityDiff] {
        // The same for every device of the account: made once per database state (and shared).
        func keys(_ table: String, parent: String, _ a: String, _ b: String) -> [String: [Row]] {
            snapshot.childRowsByKey(table, parent: parent, parentColumn: a, personColumn: b)
        }
        let splits = keys("transaction_splits", parent: "financial_transactions", "transaction_id", "owed_by_id")
        let payers = keys("transaction_payers", parent: "financial_transactions", "transaction_id", "paid_by_id")
        let members = keys("group_members", parent: "user_groups", "group_id", "person_id")
        let subscribers = keys("subscription_subscribers", parent: "subscriptions", "subscription_id", "person_id")
        var diffs: [EntityDiff] = []
        func need(_ present: [String: [Row]], _ key: String, _ label: String) {
            if present[key] == nil { diffs.append(EntityDiff(entity: "\(label) (\(key.replacingOccurrences(of: "|", with: ", ")))", location: "server", expected: "present", actual: "missing")) }
        }
        for tx in db.transactions {
            guard let id = tx.id else { continue }
            for split in tx.splits { if let who = split.owedById { need(splits, "\(id)|\(who)", "split") } }
            for payer in tx.payers { if let who = payer.paidById { need(payers, "\(id)|\(who)", "payer") } }
        }
        for group in db.groups {
            guard let id = group.id else { continue }
            for case let member? in group.memberIds { need(members, "\(id)|\(member)", "member") }
        }
        for sub in db.subscriptions {
            guard let id = sub.id else { continue }
            for case let subscriber? in sub.subscriberIds { need(subscribers, "\(id)|\(subscriber)", "subscriber") }
        }
        return diffs
    }
}
