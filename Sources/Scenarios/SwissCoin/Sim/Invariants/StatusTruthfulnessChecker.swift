import AppPorts
import SimCore
import SimHarness
import SwissCoin

/// status-truthfulness: what the app tells its user about the migration is true — the per-entity
/// counts it shows after completing equal what the local store held, and while a retry runs it
/// shows no count for a step that attempt has not reached (counts carried over from an earlier
/// failed attempt, seed l.185/l.298-301); and a completion the app announced is durable — no later
/// launch starts the migration of that account over (a flag lost to a kill before the lazy
/// flush, bug zoo SC-6, re-runs every step: duplicates with SC-1/SC-2, a verification against a
/// server that moved on otherwise).
struct StatusTruthfulnessChecker: InvariantChecker {
    let name = "status-truthfulness"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs = rerunDiffs(world) + skipDiffs(world)
        for plan in world.plans {
            guard let report = world.reports[plan.device.name], report.completedRuns > 0, report.lastError == nil else { continue }
            let db = plan.dataset.database
            let expected: [String: Int] = [
                "Settlements": db.settlements.count - SwissCoinWorld.unmigratable(db).count, "Reminders": db.reminders.count, "Messages": db.chatMessages.count,
                "Sub Payments": db.subscriptionPayments.count, "Sub Settlements": db.subscriptionSettlements.count,
            ]
            for key in expected.keys.sorted() {
                if let shown = report.lastEntityCounts[key], shown != expected[key]! {
                    diffs.append(EntityDiff(entity: "count \"\(key)\"", location: plan.device.name, expected: "\(expected[key]!)", actual: "\(shown)"))
                }
            }
        }
        guard !diffs.isEmpty else { return [] }
        return [Violation(invariant: name, message: "the app reports counts or a completion that are not true", entities: diffs)]
    }

    /// Entities the migration could not upload are counted in the skip report the app persists
    /// for the account (the seed's `continue` skips silently).
    func skipDiffs(_ world: SwissCoinWorld) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        for plan in world.plans where world.claimsCompletion(plan) {
            let skipped = SwissCoinWorld.unmigratable(plan.dataset.database)
            guard !skipped.isEmpty else { continue }
            let key = AppDefaultsKeys.migrationSkipped(account: world.account(plan.owner).userId)
            let reported = plan.device.defaults.durable[key]?.intValue
            if reported.map(Int.init) != skipped.count {
                diffs.append(EntityDiff(entity: "skipped \(skipped.map { "\($0.table) \($0.id.prefix(8))" }.joined(separator: ", "))",
                                        location: plan.device.name, expected: "\(skipped.count) reported as skipped",
                                        actual: reported.map { "\($0) reported" } ?? "not reported"))
            }
        }
        return diffs
    }

    func rerunDiffs(_ world: SwissCoinWorld) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        for name in world.reports.keys.sorted() {
            for stale in world.reports[name]!.staleCountsShown {
                diffs.append(EntityDiff(entity: "count \"\(stale.key)\" shown as step \(stale.step) starts", location: "\(name) launch #\(stale.launch)",
                                        expected: "none (this attempt has not reached that step)", actual: "\(stale.value)"))
            }
            for rerun in world.reports[name]!.rerunsAfterCompletion {
                let label = world.accounts.first { $0.userId == rerun.account }?.label ?? rerun.account
                diffs.append(EntityDiff(entity: "migration of \(label)", location: name,
                                        expected: "complete (announced earlier), never started again",
                                        actual: "started again in launch #\(rerun.launch)"))
            }
        }
        return diffs
    }
}
