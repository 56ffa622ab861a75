import SimCore

/// status-truthfulness: what the app tells its user about the migration is true — the per-entity
/// counts it shows after completing equal what the local store held (counts carried over from an
/// earlier failed attempt inflate them).
struct StatusTruthfulnessChecker: InvariantChecker {
    let name = "status-truthfulness"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for plan in world.plans {
            guard let report = world.reports[plan.device.name], report.completedRuns > 0, report.lastError == nil else { continue }
            let db = plan.dataset.database
            let expected: [String: Int] = [
                "Settlements": db.settlements.count, "Reminders": db.reminders.count, "Messages": db.chatMessages.count,
                "Sub Payments": db.subscriptionPayments.count, "Sub Settlements": db.subscriptionSettlements.count,
            ]
            for key in expected.keys.sorted() {
                if let shown = report.lastEntityCounts[key], shown != expected[key]! {
                    diffs.append(EntityDiff(entity: "count \"\(key)\"", location: plan.device.name, expected: "\(expected[key]!)", actual: "\(shown)"))
                }
            }
        }
        guard !diffs.isEmpty else { return [] }
        return [Violation(invariant: name, message: "the app reports counts that are not what it migrated", entities: diffs)]
    }
}
