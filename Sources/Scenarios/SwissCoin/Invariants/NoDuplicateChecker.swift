import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// no-duplicate: one server row per natural key — split = (transaction, owed-by), payer =
/// (transaction, paid-by), member = (group, person), subscriber = (subscription, person).
/// Bug zoo SC-1, SC-2, SC-9.
struct NoDuplicateChecker: InvariantChecker {
    let name = "no-duplicate"

    static let naturalKeys: [(table: String, columns: [String])] = [
        ("transaction_splits", ["transaction_id", "owed_by_id"]),
        ("transaction_payers", ["transaction_id", "paid_by_id"]),
        ("group_members", ["group_id", "person_id"]),
        ("subscription_subscribers", ["subscription_id", "person_id"]),
    ]

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for (table, columns) in Self.naturalKeys {
            var counts: [String: Int] = [:]
            var order: [String] = []
            for row in world.admin.rows(table) {
                let key = columns.map { row[$0]?.stringValue ?? "null" }.joined(separator: ", ")
                if counts[key] == nil { order.append(key) }
                counts[key, default: 0] += 1
            }
            for key in order where counts[key]! > 1 {
                diffs.append(EntityDiff(entity: "\(table) (\(key))", location: "server", expected: "1 row", actual: "\(counts[key]!) rows"))
            }
        }
        guard !diffs.isEmpty else { return [] }
        let (shown, note) = capped(diffs)
        return [Violation(invariant: name, message: "\(diffs.count) natural keys have more than one server row\(note)", entities: shown)]
    }
}
