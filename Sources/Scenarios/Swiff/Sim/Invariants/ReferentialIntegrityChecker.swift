import FakeCloud
import SimCore
import SimHarness

/// referential-integrity: in every final store, each relationship points at rows that exist, and
/// each id held by value resolves: a shared subscription's `subscriptionID` and `sharedWithIDs`,
/// a settlement's two people.
/// Not the shared `ReferenceCheck`: it reads relationships and ids held by value in the decoded
/// store itself, whose shape differs per schema version.
struct ReferentialIntegrityChecker: InvariantChecker {
    let name = "referential-integrity"

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for phone in world.phones {
            guard let store = phone.logical else { continue }
            for id in store.snapshot.rows.keys.sorted() {
                for (name, targets) in store.snapshot.rows[id]!.relationships.sorted(by: { $0.key < $1.key }) {
                    for target in targets where store.snapshot.rows[target] == nil {
                        diffs.append(EntityDiff(entity: "\(id).\(name)", location: phone.name, expected: "\(target) exists", actual: "missing"))
                    }
                }
            }
            let ids = { (kind: String) in Set(store.records.keys.filter { $0.kind == kind }.map(\.id)) }
            let people = ids("person"), subscriptions = ids("subscription")
            for (key, fields) in store.records.sorted(by: { $0.key < $1.key }) {
                var held: [(String, String, Set<String>)] = []
                if key.kind == "shared" {
                    held.append(("subscriptionID", fields["subscriptionID"] ?? "", subscriptions))
                    for person in (fields["sharedWith"] ?? "").split(separator: ",") { held.append(("sharedWithIDs", String(person), people)) }
                } else if key.kind == "settlement" {
                    held += [("fromPersonID", fields["from"] ?? "", people), ("toPersonID", fields["to"] ?? "", people)]
                }
                for (field, value, targets) in held where !targets.contains(value) {
                    diffs.append(EntityDiff(entity: "\(key) \(field)", location: phone.name, expected: "\(value.prefix(8)) resolves", actual: "no such row"))
                }
            }
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) references do not resolve" }
    }
}
