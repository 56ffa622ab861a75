import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// no-cross-account-leak: every row an account owns came from that account's own data — no
/// entity of another account's local store may appear under it (bug zoo SC-4, SC-5).
struct NoCrossAccountLeakChecker: InvariantChecker {
    let name = "no-cross-account-leak"

    static let tables = ["persons", "user_groups", "subscriptions", "financial_transactions", "settlements",
                         "reminders", "chat_messages", "subscription_payments", "subscription_settlements", "subscription_reminders"]

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var origin: [String: String] = [:]  // entity id → owning account label
        for plan in world.plans {
            for id in Self.entityIds(world.expected(plan)) where origin[id] == nil { origin[id] = plan.owner }
        }
        var diffs: [EntityDiff] = []
        for account in world.accounts {
            for table in Self.tables {
                for row in world.admin.rows(table) where row["owner_id"]?.stringValue == account.userId {
                    guard let id = row["id"]?.stringValue, let from = origin[id], from != account.label else { continue }
                    diffs.append(EntityDiff(entity: "\(table) \(id.prefix(8))", location: "server",
                                            expected: "owned by \(from)", actual: "owned by \(account.label)"))
                }
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) rows of one account's data are in another account" }
    }

    static func entityIds(_ db: LocalDatabase) -> [String] {
        var ids: [String?] = db.persons.map(\.id) + db.groups.map(\.id) + db.subscriptions.map(\.id)
        ids += db.transactions.map(\.id) + db.settlements.map(\.id) + db.reminders.map(\.id) + db.chatMessages.map(\.id)
        ids += db.subscriptionPayments.map(\.id) + db.subscriptionSettlements.map(\.id) + db.subscriptionReminders.map(\.id)
        return ids.compactMap { $0 }
    }
}
