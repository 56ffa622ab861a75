import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// referential-integrity: on the server, every person a split, payer, transaction or settlement
/// names exists in the same account; on each migrated device, every person id the local store
/// references exists on the server — a local store still using the pre-migration "me" id
/// breaks every later sync (bug zoo SC-15); and on every migrated or signed-in device, every group
/// and subscription the store references is in that store (a device that pulls transactions but
/// not the groups they name shows them in no group). Groups and subscriptions are never deleted,
/// so such a reference always has a target.
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
        for plan in world.plans where world.claimsCompletion(plan) || world.signedIn[plan.device.name] != nil {
            if let db = world.currentStore(plan.device) { diffs += localDiffs(db, plan.device.name) }
        }
        return ViolationReport.of(name, diffs) { "\($0) references point at nothing" }
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

    /// Group and subscription references of a store that name nothing in that store.
    func localDiffs(_ db: LocalDatabase, _ device: String) -> [EntityDiff] {
        var snapshot = EntitySnapshot()
        snapshot.add(device, "group", db.groups.compactMap(\.id).map { EntitySnapshot.Entity(key: $0) })
        snapshot.add(device, "subscription", db.subscriptions.compactMap(\.id).map { EntitySnapshot.Entity(key: $0) })
        typealias Reference = ReferenceCheck.Reference
        func named(_ what: String, _ id: String?) -> String { "\(what) \(id?.prefix(8) ?? "?")" }
        var references: [Reference] = []
        for tx in db.transactions {
            if let group = tx.groupId { references.append(Reference(from: named("transaction", tx.id), to: "group", key: group)) }
        }
        for message in db.chatMessages {
            if let group = message.withGroupId { references.append(Reference(from: named("message", message.id), to: "group", key: group)) }
            if let sub = message.withSubscriptionId {
                references.append(Reference(from: named("message", message.id), to: "subscription", key: sub))
            }
        }
        references += db.subscriptionPayments.compactMap { payment in
            payment.subscriptionId.map { Reference(from: named("subscription payment", payment.id), to: "subscription", key: $0) }
        }
        references += db.subscriptionSettlements.compactMap { settlement in
            settlement.subscriptionId.map { Reference(from: named("subscription settlement", settlement.id), to: "subscription", key: $0) }
        }
        references += db.subscriptionReminders.compactMap { reminder in
            reminder.subscriptionId.map { Reference(from: named("subscription reminder", reminder.id), to: "subscription", key: $0) }
        }
        return ReferenceCheck.diffs(snapshot, at: device, references: references, locationLabel: "\(device)'s store")
    }

    func deviceDiffs(_ world: SwissCoinWorld, _ plan: SwissCoinStage.DevicePlan) -> [EntityDiff] {
        guard let local = world.localDatabase(plan) else { return [] }
        let owner = world.account(plan.owner).userId
        let persons = Set(ServerSnapshot(admin: world.admin, ownerId: owner).rows("persons").compactMap { $0["id"]?.stringValue })
        var referenced: [String] = []
        for tx in local.transactions {
            if let payer = tx.payerId { referenced.append(payer) }
            for split in tx.splits { if let debtor = split.owedById { referenced.append(debtor) } }
            for payer in tx.payers { if let id = payer.paidById { referenced.append(id) } }
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
