import AppPorts
import SimCore
import SimHarness

/// eventual-completion (liveness): with faults over, a device whose owner is signed in finishes
/// its migration within a bounded number of relaunches; otherwise it is stuck, and the last error
/// says on what (bug zoo SC-5, SC-9, and a retried photo upload without upsert); and the devices
/// that sync settle (a round of relaunches that pushes nothing) within healing's bounds.
struct EventualCompletionChecker: InvariantChecker {
    let name = "eventual-completion"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for plan in world.plans where world.signedIn[plan.device.name] == plan.owner && plan.dataset.hasLocalData {
            let report = world.reports[plan.device.name]
            let done = (report?.completedRuns ?? 0) > 0 && report?.lastError == nil
            if !done {
                diffs.append(EntityDiff(entity: "migration of \(plan.owner)", location: plan.device.name,
                                        expected: "complete", actual: "stuck after \(report?.attempts ?? 0) attempts: \(report?.lastError ?? "never ran")"))
            }
        }
        for reason in world.healing.pending {
            diffs.append(EntityDiff(entity: "healing", location: "all devices", expected: "settled", actual: reason))
        }
        guard !diffs.isEmpty else { return [] }
        return [Violation(invariant: name, kind: .liveness, message: "\(diffs.count) migrations or syncs did not settle after healing", entities: diffs)]
    }
}
