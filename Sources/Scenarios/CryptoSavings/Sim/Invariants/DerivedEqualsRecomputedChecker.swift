import CryptoSavings
import Foundation
import SimCore
import SimHarness

/// derived-equals-recomputed: each goal line a device shows has allocated = the sum of its
/// same-currency allocations, remaining = target − allocated (never negative), months = this
/// month to the deadline's inclusive (at least 1, months in UTC, the declared zone) and required
/// monthly = ⌈remaining / months⌉, exactly. Recomputed with the checker's own arithmetic
/// (`IndependentArithmetic`) from the shown allocations, the goal row's deadline and the device's
/// wall clock — not from the app's month labels or its `Units` arithmetic.
struct DerivedEqualsRecomputedChecker: InvariantChecker {
    let name = "derived-equals-recomputed"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for device in world.devices {
            let deadlines = Self.deadlines(device.view)
            for id in device.view.goals.keys.sorted() {
                let line = device.view.goals[id]!
                guard let expected = Self.expected(line, goal: id, deadline: deadlines[id], device: device) else {
                    diffs.append(EntityDiff(entity: "goal \(id.prefix(8))", location: device.name, expected: "amounts in whole units",
                                            actual: "target \(line.target) allocated \(line.allocated)"))
                    continue
                }
                let shown = "allocated \(line.allocated) remaining \(line.remaining) required \(line.requiredMonthly) over \(line.monthsRemaining)"
                if shown != expected { diffs.append(EntityDiff(entity: "goal \(id.prefix(8))", location: device.name, expected: expected, actual: shown)) }
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) derived amounts differ from their recomputation" }
    }

    /// The line as it should read, in the shown line's format; nil when an amount is not whole
    /// units of at most 38 digits (beyond the checker's arithmetic: reported as a violation, since
    /// no asset's amounts come near it).
    static func expected(_ line: SavingsView.GoalLine, goal: String, deadline: Int64?, device: CryptoWorld.DeviceView) -> String? {
        guard let target = IndependentArithmetic.amount(line.target.text) else { return nil }
        var allocated = Decimal(0)
        for (key, units) in device.view.allocations where key.hasSuffix("/" + goal) {
            let asset = String(key.prefix { $0 != "/" })
            guard device.view.assetCurrencies[asset] == line.currency else { continue }
            guard let amount = IndependentArithmetic.amount(units.text) else { return nil }
            allocated += amount
        }
        let remaining = max(0, target - allocated)
        // A goal without a deadline counts from 1970, as the app reads a missing date as 0.
        let months = max(1, IndependentArithmetic.monthsBetween(device.wallMilliseconds, deadline ?? 0) + 1)
        let required = IndependentArithmetic.dividedRoundingUp(remaining, by: months)
        return "allocated \(IndependentArithmetic.text(allocated)) remaining \(IndependentArithmetic.text(remaining))"
            + " required \(IndependentArithmetic.text(required)) over \(months)"
    }

    /// Each shown goal's deadline (Unix milliseconds) by goal id, read from its row.
    static func deadlines(_ view: SavingsView) -> [String: Int64] {
        var result: [String: Int64] = [:]
        for goal in view.visible["Goal"] ?? [] {
            guard let id = goal["id"]?.uuidValue, let deadline = goal["deadline"]?.dateValue else { continue }
            result[id] = deadline
        }
        return result
    }
}
