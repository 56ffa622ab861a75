import SimCore
import SimHarness

/// derived-equals-recomputed: each goal line a device shows has remaining = target − allocated
/// (never negative), months = this month to the deadline's inclusive (at least 1) and
/// required monthly = ⌈remaining / months⌉, exactly, from the same line's target and allocations.
struct DerivedEqualsRecomputedChecker: InvariantChecker {
    let name = "derived-equals-recomputed"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for device in world.devices {
            for id in device.view.goals.keys.sorted() {
                let line = device.view.goals[id]!
                let remaining = line.target - line.allocated
                let months = max(1, MonthLabel.monthsBetween(device.month, line.deadlineLabel) + 1)
                let required = remaining.dividedRoundingUp(by: months)
                let shown = "remaining \(line.remaining) required \(line.requiredMonthly) over \(line.monthsRemaining)"
                let expected = "remaining \(remaining) required \(required) over \(months)"
                if shown != expected { diffs.append(EntityDiff(entity: "goal \(id.prefix(8))", location: device.name, expected: expected, actual: shown)) }
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) derived amounts differ from their recomputation" }
    }
}
