import SimCore
import SimHarness

/// balance-equality: on every device signed in to an account, each asset's balance and each
/// (asset, goal) allocation equals, exactly in smallest units, the recomputation from the
/// account's iCloud records (fixed rules: exact amounts, transactions at the amount the user
/// typed, one deterministic winner per allocation).
struct BalanceEqualityChecker: InvariantChecker {
    let name = "balance-equality"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for device in world.devices {
            guard let user = device.account, let cloud = world.clouds[user]?.view else { continue }
            let view = device.view
            for asset in Set(view.assetBalances.keys).union(cloud.assetBalances.keys).sorted()
            where view.assetBalances[asset] != cloud.assetBalances[asset] {
                diffs.append(EntityDiff(entity: "asset \(asset.prefix(8)) balance", location: device.name,
                                        expected: cloud.assetBalances[asset]?.text ?? "absent", actual: view.assetBalances[asset]?.text ?? "absent"))
            }
            for key in Set(view.allocations.keys).union(cloud.allocations.keys).sorted() where view.allocations[key] != cloud.allocations[key] {
                diffs.append(EntityDiff(entity: "allocation \(key)", location: device.name,
                                        expected: cloud.allocations[key]?.text ?? "absent", actual: view.allocations[key]?.text ?? "absent"))
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) balances differ from the recomputation from iCloud's records" }
    }
}
