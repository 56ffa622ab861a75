import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// no-cross-account-leak: every row an account owns came from that account's own data — no
/// entity of another account's local store may appear under it (bug zoo SC-4, SC-5). The shared
/// `LeakCheck` over each account's server rows, with each entity's owners read from the plans: an
/// id in the data of several accounts' plans belongs to each of them (no scenario gives two
/// accounts the same data; devices restored from another's data keep its owner).
struct NoCrossAccountLeakChecker: InvariantChecker {
    let name = "no-cross-account-leak"

    static let tables = ["persons", "user_groups", "subscriptions", "financial_transactions", "settlements",
                         "reminders", "chat_messages", "subscription_payments", "subscription_settlements", "subscription_reminders"]

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var owners: [String: Set<String>] = [:]  // entity id → the accounts whose data holds it
        for plan in world.plans {
            for id in Self.entityIds(world.expected(plan)) { owners[id, default: []].insert(plan.owner) }
        }
        var snapshot = EntitySnapshot()
        var places: [LeakCheck.AccountLocation] = []
        for account in world.accounts {
            let location = "server (\(account.label))"
            places.append(LeakCheck.AccountLocation(location, account: account.label, label: "server"))
            for table in Self.tables {
                let rows = world.admin.rows(table).filter { $0["owner_id"]?.stringValue == account.userId }
                snapshot.add(location, table, rows.compactMap { $0["id"]?.stringValue }.map { EntitySnapshot.Entity(key: $0, text: "") })
            }
        }
        let diffs = LeakCheck.diffs(snapshot, accounts: places, owners: owners, collections: Self.tables) { String($0.prefix(8)) }
        return ViolationReport.of(name, diffs) { "\($0) rows of one account's data are in another account" }
    }

    static func entityIds(_ db: LocalDatabase) -> [String] {
        var ids: [String?] = db.persons.map(\.id) + db.groups.map(\.id) + db.subscriptions.map(\.id)
        ids += db.transactions.map(\.id) + db.settlements.map(\.id) + db.reminders.map(\.id) + db.chatMessages.map(\.id)
        ids += db.subscriptionPayments.map(\.id) + db.subscriptionSettlements.map(\.id) + db.subscriptionReminders.map(\.id)
        return ids.compactMap { $0 }
    }
}
