import SimCore
import SimHarness

/// convergence: every device of an account shows the same goals (name, target), allocations,
/// asset balances and monthly plans.
struct ConvergenceChecker: InvariantChecker {
    let name = "convergence"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for user in Set(world.devices.compactMap(\.account)).sorted() {
            let devices = world.devices(of: user)
            guard devices.count > 1 else { continue }
            var snapshot = EntitySnapshot()
            for device in devices { Self.add(device, to: &snapshot) }
            diffs += ConvergenceCheck.diffs(snapshot, reference: devices[0].name, locations: devices.map(\.name),
                                            collections: ["goal", "allocation", "balance", "plan"])
        }
        return ViolationReport.of(name, diffs) { "\($0) differences between devices of one account" }
    }

    static func add(_ device: CryptoWorld.DeviceView, to snapshot: inout EntitySnapshot) {
        let view = device.view
        snapshot.add(device.name, "goal", view.goals.keys.sorted().map { id in
            EntitySnapshot.Entity(key: id, fields: ["name": view.goals[id]!.name, "target": view.goals[id]!.target.text])
        })
        snapshot.add(device.name, "allocation", view.allocations.keys.sorted().map { EntitySnapshot.Entity(key: $0, fields: ["amount": view.allocations[$0]!.text]) })
        snapshot.add(device.name, "balance", view.assetBalances.keys.sorted().map { EntitySnapshot.Entity(key: $0, fields: ["amount": view.assetBalances[$0]!.text]) })
        snapshot.add(device.name, "plan", device.keyed.filter { $0.entity == "MonthlyPlan" }.map { keyed in
            EntitySnapshot.Entity(key: keyed.naturalKey, fields: ["required": keyed.row["requiredUnits"]?.stringValue ?? "\(keyed.row["requiredMonthly"] ?? .null)"])
        })
    }
}
