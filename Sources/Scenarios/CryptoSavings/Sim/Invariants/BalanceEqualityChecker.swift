import AppleStandIns
import CryptoSavings
import Foundation
import SimCore
import SimHarness

/// balance-equality: on every device signed in to an account, each asset's balance and each
/// (asset, goal) allocation equals, exactly in smallest units, the recomputation from the
/// account's iCloud records (fixed rules: exact amounts, transactions at the amount the user
/// typed, one deterministic winner per allocation); and on every device, each asset's balance is
/// the sum of the transactions it shows for that asset, added up with the checker's own
/// arithmetic (`IndependentArithmetic`), not the app's: the recomputation from iCloud's records
/// runs the app's view code, so a wrong addition would be on both sides of the first comparison.
/// Both sides would also agree on an amount rewritten the same way everywhere, so each
/// transaction an app of build 2 confirmed must show, wherever it is shown with its exact column
/// set, the exact amount the user typed (build 1 kept only a `Double`; its rows are not judged
/// here).
struct BalanceEqualityChecker: InvariantChecker {
    let name = "balance-equality"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for device in world.devices {
            diffs += Self.sumDiffs(device, typed: world.confirmed.transactionAmounts)
            diffs += Self.typedDiffs(device.view, location: device.name, world.confirmed)
        }
        for user in world.clouds.keys.sorted() {
            diffs += Self.typedDiffs(world.clouds[user]!.view, location: "iCloud(\(user))", world.confirmed)
        }
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
        return ViolationReport.of(name, diffs) { "\($0) balances or amounts differ from the recomputation from iCloud's records or from what the user typed" }
    }

    /// Transactions whose exact column is not the amount the user typed, among those an app of
    /// build 2 confirmed (`ConfirmedObjects.exactlyStored`), compared as numbers by the checker's own
    /// arithmetic. An empty column (a row written with only the plan's `Double`) is not judged.
    static func typedDiffs(_ view: SavingsView, location: String, _ ledger: ConfirmedObjects) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        for transaction in view.visible["Transaction"] ?? [] {
            guard let id = transaction["id"]?.uuidValue, ledger.exactlyStored.contains(id), let typed = ledger.transactionAmounts[id],
                  let column = transaction["amountUnits"]?.stringValue, !column.isEmpty,
                  let expected = IndependentArithmetic.amount(typed.text) else { continue }
            if IndependentArithmetic.amount(column) != expected {
                diffs.append(EntityDiff(entity: "Transaction \(id.prefix(8)) amount", location: location, expected: "\(typed.text) (typed)",
                                        actual: column))
            }
        }
        return diffs
    }

    /// Assets whose shown balance is not the sum of their shown transactions' exact amounts: a
    /// transaction's exact column, else the amount the user typed (a row with only the plan's
    /// `Double`). An asset with a transaction that has neither is not judged here.
    static func sumDiffs(_ device: CryptoWorld.DeviceView, typed: [String: Units]) -> [EntityDiff] {
        let view = device.view
        // Every row the view read, shown or hidden, by persistent id: a transaction may point at
        // an asset row that lost the dedupe, as the app resolves it.
        var assetIDs: [PersistentIdentifier: String] = [:]
        for row in view.visible.values.joined() + view.losers where row.id.entityName == "Asset" {
            if let id = row["id"]?.uuidValue { assetIDs[row.id] = id }
        }
        var sums: [String: Decimal] = [:]
        var unjudged: Set<String> = []
        for transaction in view.visible["Transaction"] ?? [] {
            guard let target = transaction.targets("asset").first, let asset = assetIDs[target], view.assetCurrencies[asset] != nil
            else { continue }
            // The exact column holds V2's default "" on a row written with only the plan's Double
            // (a V1 row, an `as-written` device): no exact amount there.
            let column = transaction["amountUnits"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            let exact = column ?? transaction["id"]?.uuidValue.flatMap { typed[$0]?.text }
            guard let text = exact, let amount = IndependentArithmetic.amount(text) else {
                unjudged.insert(asset)
                continue
            }
            sums[asset, default: 0] += amount
        }
        var diffs: [EntityDiff] = []
        for asset in view.assetBalances.keys.sorted() where !unjudged.contains(asset) {
            let expected = IndependentArithmetic.text(sums[asset] ?? 0)
            let shown = view.assetBalances[asset]!.text
            if shown != expected {
                diffs.append(EntityDiff(entity: "asset \(asset.prefix(8)) balance", location: "\(device.name) (sum of its transactions)",
                                        expected: expected, actual: shown))
            }
        }
        return diffs
    }
}
