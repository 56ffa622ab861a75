import FakeCloud
import SimCore
import SimHarness

/// balance-equality: each person's `balanceCents` equals, in exact minor units, the balance the
/// harness derives from the same store's expenses and settlements (never from the stored V1/V2
/// `balance`): +amount for the payer of each expense, minus an equal share for each split member
/// (members in ascending id order take the remainder's cents), +amount for a settlement's payer
/// and minus for its payee. Each id counts once.
///
/// A V1/V2 store's `Double` `balance` is not checked: it is the old release's incrementally kept
/// copy, which real stores hold drifted from their expenses (`SwiffBalanceDrift`); the app's
/// derived balance, and what this invariant is about, is V3's `balanceCents`, which the upgrade
/// must derive from the expenses rather than convert. Every device ends on V3 after healing; a
/// store that never got there is crash-free-open's finding.
struct BalanceEqualityChecker: InvariantChecker {
    let name = "balance-equality"

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for phone in world.phones {
            guard let store = phone.logical, let person = store.entity(of: "person"),
                let attribute = person.attribute("balanceCents") else { continue }
            let derived = Self.derive(store)
            var seen: Set<String> = []
            for row in store.snapshot.rows(of: person.name) {
                guard let id = row["id"]?.uuidValue, seen.insert(id).inserted else { continue }
                let stored = LogicalStore.text(row[attribute.name]).flatMap { Int64($0) } ?? 0
                if stored != derived[id, default: 0] {
                    diffs.append(EntityDiff(entity: "person \(id.prefix(8)) \(attribute.name)", location: phone.name,
                                            expected: "\(derived[id, default: 0]) (derived)", actual: "\(stored)"))
                }
            }
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) stored balances differ from the expenses" }
    }

    static func derive(_ store: LogicalStore) -> [String: Int64] {
        var balance: [String: Int64] = [:]
        for (key, fields) in store.records where key.kind == "expense" {
            guard let amount = fields["amount"].flatMap({ Int64($0) }) else { continue }
            if let payer = fields["paidBy"] { balance[payer, default: 0] += amount }
            let members = (fields["splitBetween"] ?? "").split(separator: ",").map(String.init).sorted()
            guard !members.isEmpty else { continue }
            let count = Int64(members.count)
            for (index, member) in members.enumerated() {
                balance[member, default: 0] -= amount / count + (Int64(index) < amount % count ? 1 : 0)
            }
        }
        for (key, fields) in store.records where key.kind == "settlement" {
            guard let amount = fields["amount"].flatMap({ Int64($0) }), let from = fields["from"], let to = fields["to"] else { continue }
            balance[from, default: 0] += amount
            balance[to, default: 0] -= amount
        }
        return balance
    }
}
