import FakeCloud
import SimCore

/// referential-integrity: on the server, every person a split, payer, transaction or settlement
/// names exists in the same account; on each migrated device, every person id the local store
/// references exists on the server — a local store still using the pre-migration "me" id
/// breaks every later sync (bug zoo SC-15).
struct ReferentialIntegrityChecker: InvariantChecker {
    let name = "referential-integrity"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for account in world.accounts {
            diffs += serverDiffs(ServerSnapshot(admin: world.admin, ownerId: account.userId), account.label)
        }
        for plan in world.plans where world.claimsCompletion(plan) {
            diffs += deviceDiffs(world, plan)
        }
        guard !diffs.isEmpty else { return [] }
        let (shown, note) = capped(diffs)
        return [Violation(invariant: name, message: "\(diffs.count) references point at no person\(note)", entities: shown)]
    }

    func serverDiffs(_ snapshot: ServerSnapshot, _ label: String) -> [EntityDiff] {
        let persons = Set(snapshot.rows("persons").compactMap { $0["id"]?.stringValue })
        var diffs: [EntityDiff] = []
        func check(_ rows: [Row], _ table: String, _ column: String) {
            for row in rows {
                guard let id = row[column]?.stringValue, !persons.contains(id) else { continue }
                diffs.append(EntityDiff(entity: "\(table).\(column) \(id.prefix(8))", location: "server (\(label))", expected: "a person of the account", actual: "none"))
            }
        }
        check(snapshot.childRows("transaction_splits", parent: "financial_transactions", parentColumn: "transaction_id"), "transaction_splits", "owed_by_id")
        check(snapshot.childRows("transaction_payers", parent: "financial_transactions", parentColumn: "transaction_id"), "transaction_payers", "paid_by_id")
        check(snapshot.rows("financial_transactions"), "financial_transactions", "payer_id")
        check(snapshot.rows("settlements"), "settlements", "from_person_id")
        check(snapshot.rows("settlements"), "settlements", "to_person_id")
        return diffs
    }

    func deviceDiffs(_ world: SwissCoinWorld, _ plan: SwissCoinStage.DevicePlan) -> [EntityDiff] {
        guard let local = world.localDatabase(plan) else { return [] }
        let owner = world.account(plan.owner).userId
        let persons = Set(ServerSnapshot(admin: world.admin, ownerId: owner).rows("persons").compactMap { $0["id"]?.stringValue })
        var referenced: [String] = []
        for tx in local.transactions {
            referenced += [tx.payerId].compactMap { $0 } + tx.splits.compactMap(\.owedById) + tx.payers.compactMap(\.paidById)
        }
        if let me = plan.device.defaults.durable[AppDefaultsKeys.currentUserId]?.stringValue { referenced.append(me) }
        var seen = Set<String>()
        var diffs: [EntityDiff] = []
        for id in referenced where !persons.contains(id) && seen.insert(id).inserted {
            diffs.append(EntityDiff(entity: "local person reference \(id.prefix(8))", location: plan.device.name, expected: "a person on the server", actual: "none"))
        }
        return diffs
    }
}
