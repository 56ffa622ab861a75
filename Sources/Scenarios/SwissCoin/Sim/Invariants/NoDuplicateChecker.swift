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
            snapshot.add("server", table, world.admin.rows(table).map { EntitySnapshot.Entity(key: Self.keyText($0, columns), text: "") })
        }
        return ViolationReport.of(name, DuplicateCheck.diffs(snapshot)) { "\($0) natural keys have more than one server row" }
    }

    /// A row's natural key as reports print it: `(value, value)`, a missing value `null`.
    static func keyText(_ row: Row, _ columns: [String]) -> String {
        var text = "("
        for (index, column) in columns.enumerated() {
            if index > 0 { text += ", " }
            text += row[column]?.stringValue ?? "null"
        }
        return text + ")"
    }
}
