import FakeCloud
import SimCore
import SimHarness

/// transform-applied: every row of a final store satisfies its version's post-condition. V2 and
/// later: every person has a non-empty `phoneNumber` (the rename carried every phone). V3: every
/// expense has a non-zero `amountCents` (the dataset has no zero amount, so a zero is a row the
/// money transform never reached), every person a `balanceCents`, and no `id` appears twice.
struct TransformAppliedChecker: InvariantChecker {
    let name = "transform-applied"

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for phone in world.phones {
            guard let store = phone.logical else { continue }
            let people = store.entity(of: "person").map { store.snapshot.rows(of: $0.name) } ?? []
            if store.version >= 2 {
                for row in people where (row["phoneNumber"]?.stringValue ?? "").isEmpty {
                    diffs.append(EntityDiff(entity: "person \(row.id)", location: phone.name, expected: "phoneNumber set", actual: "\(row["phoneNumber"] ?? .null)"))
                }
            }
            guard store.version >= 3 else { continue }
            for row in store.snapshot.rows(of: "GroupExpenseModel") where row["amountCents"] == nil || row["amountCents"] == .int(0) {
                diffs.append(EntityDiff(entity: "expense \(row.id)", location: phone.name, expected: "amountCents ≠ 0", actual: "\(row["amountCents"] ?? .null)"))
            }
            for row in people where row["balanceCents"]?.intValue == nil {
                diffs.append(EntityDiff(entity: "person \(row.id)", location: phone.name, expected: "balanceCents", actual: "none"))
            }
            for (key, count) in store.copies.sorted(by: { $0.key < $1.key }) where count > 1 {
                diffs.append(EntityDiff(entity: key.description, location: phone.name, expected: "one row per id", actual: "\(count) rows"))
            }
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) rows break their version's post-condition" }
    }
}
