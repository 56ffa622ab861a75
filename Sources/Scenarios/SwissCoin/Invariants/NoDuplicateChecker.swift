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
        var snapshot = EntitySnapshot()
        for (table, columns) in Self.naturalKeys {
            snapshot.add("server", table, world.admin.rows(table).map { row in
                EntitySnapshot.Entity(key: "(" + columns.map { row[$0]?.stringValue ?? "null" }.joined(separator: ", ") + ")")
            })
        }
        return ViolationReport.of(name, DuplicateCheck.diffs(snapshot)) { "\($0) natural keys have more than one server row" }
    }
}
