import AppPorts
import FakeCloud
import SimCore
import SimHarness
import SwissCoin

/// balance-equality, exact in minor units: on the server every transaction's splits and payers
/// each sum to its amount; for every migrated account, every person and currency, the device's
/// balance (the app's rule over the data it must hold: its pre-migration store plus acknowledged
/// edits) equals the recomputation from the server's rows (the same rule `calculate-balance`
/// applies); and every device that syncs and is signed in shows, from its own store, the server's
/// balances for its account (a device that never received a settlement shows a debt that was
/// paid). Bug zoo SC-1, SC-2, SC-13, SC-20.
struct BalanceEqualityChecker: InvariantChecker {
    let name = "balance-equality"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs = sumDiffs(world)
        for plan in world.plansThatMustBeMigrated {
            diffs += balanceDiffs(world, plan)
        }
        diffs += syncedDeviceDiffs(world)
        return ViolationReport.of(name, diffs) { "\($0) balances or sums differ" }
    }

    /// sum(splits) == amount and sum(payers) == amount for every server transaction of an account
    /// whose migration must be complete (an abandoned half-migration is incomplete by nature, and
    /// other checkers report why it never finished).
    func sumDiffs(_ world: SwissCoinWorld) -> [EntityDiff] {
        let owners = Set(world.plansThatMustBeMigrated.map { JSONValue.string(world.account($0.owner).userId) })
        var splitSums: [String: Int64] = [:], payerSums: [String: Int64] = [:]
        var currencies: [String: String] = [:]
        for row in world.admin.rows("financial_transactions") {
            currencies[row["id"]?.stringValue ?? ""] = row["currency"]?.stringValue ?? "CHF"
        }
        for row in world.admin.rows("transaction_splits") {
            let tx = row["transaction_id"]?.stringValue ?? ""
            splitSums[tx, default: 0] += ServerAmount.minor(row["amount"], currency: currencies[tx] ?? "CHF") ?? 0
        }
        for row in world.admin.rows("transaction_payers") {
            let tx = row["transaction_id"]?.stringValue ?? ""
            payerSums[tx, default: 0] += ServerAmount.minor(row["amount"], currency: currencies[tx] ?? "CHF") ?? 0
        }
        var diffs: [EntityDiff] = []
        for row in world.admin.rows("financial_transactions") where owners.contains(row["owner_id"] ?? .null) {
            let id = row["id"]?.stringValue ?? ""
            let currency = currencies[id] ?? "CHF"
            guard let amount = ServerAmount.minor(row["amount"], currency: currency) else { continue }
            let show = { (minor: Int64) in MinorUnits.decimalString(minor, currency: currency) + " " + currency }
            if let sum = splitSums[id], sum != amount {
                diffs.append(EntityDiff(entity: "transaction \(id.prefix(8)): the sum of its splits", location: "server",
                                        expected: show(amount) + " (its amount)", actual: show(sum)))
            }
            if let sum = payerSums[id], sum != amount {
                diffs.append(EntityDiff(entity: "transaction \(id.prefix(8)): the sum of its payers", location: "server",
                                        expected: show(amount) + " (its amount)", actual: show(sum)))
            }
        }
        return diffs
    }

    func balanceDiffs(_ world: SwissCoinWorld, _ plan: SwissCoinStage.DevicePlan) -> [EntityDiff] {
        let owner = world.account(plan.owner).userId
        let currency = plan.dataset.defaultCurrency
        let device = ExactBalance.allBalances(currentUserId: owner, in: world.expected(plan), defaultCurrency: currency)
        return differences(of: device.keys, expected: device, actual: serverBalances(world, owner: owner, currency: currency),
                           location: "\(plan.device.name) vs server")
    }

    /// The devices convergence compares (they sync and are signed in): the balances each one's app
    /// computes from its own store against the server's for the signed-in account.
    func syncedDeviceDiffs(_ world: SwissCoinWorld) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        for plan in world.plans where world.sync.scripts[plan.device.name] != nil {
            guard let label = world.signedIn[plan.device.name], let store = world.currentStore(plan.device) else { continue }
            let owner = world.account(label).userId
            let currency = plan.dataset.defaultCurrency
            let shown = ExactBalance.allBalances(currentUserId: owner, in: store, defaultCurrency: currency)
            diffs += differences(of: shown.keys, expected: serverBalances(world, owner: owner, currency: currency), actual: shown,
                                 location: "\(plan.device.name)'s store vs server (\(label))")
        }
        return diffs
    }

    /// The server side depends only on the stored rows, the owner and the currency: computed once
    /// per database state (a completion audit and the final check often see the same one).
    func serverBalances(_ world: SwissCoinWorld, owner: String, currency: String) -> [String: [String: Int64]] {
        world.admin.memoized("balance-equality|\(owner)|\(currency)") {
            let serverDB = ServerSnapshot(admin: world.admin, ownerId: owner).database(defaultCurrency: currency)
            return ExactBalance.balancesWithEveryone(currentUserId: owner, in: serverDB, defaultCurrency: currency,
                                                     reconcile: false)
        }
    }

    /// Every person of `persons` and currency whose balance differs between the two sides.
    func differences(of persons: Dictionary<String, [String: Int64]>.Keys, expected: [String: [String: Int64]],
                     actual: [String: [String: Int64]], location: String) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        for person in persons.sorted() {
            let want = expected[person] ?? [:], got = actual[person] ?? [:]
            for code in Set(want.keys).union(got.keys).sorted() where want[code] != got[code] {
                diffs.append(EntityDiff(
                    entity: "person \(person.prefix(8)) \(code)", location: location,
                    expected: MinorUnits.decimalString(want[code] ?? 0, currency: code),
                    actual: MinorUnits.decimalString(got[code] ?? 0, currency: code)))
            }
        }
        return diffs
    }
}
