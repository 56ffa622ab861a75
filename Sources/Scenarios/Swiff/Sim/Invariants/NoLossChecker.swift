import SimCore
import SimHarness

/// no-loss: every record and field whose save the app confirmed is in the device's final store,
/// renames followed; fields a store's version cannot hold yet are not expected of it.
struct NoLossChecker: InvariantChecker {
    let name = "no-loss"

    /// The schema major version that introduced a field or a kind.
    static let introduced = ["profileImageURL": 2, "notes": 3, "settlement": 3]

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for phone in world.phones where !phone.expected.isEmpty {
            guard let store = phone.logical else {
                diffs.append(EntityDiff(entity: "store", location: phone.name, expected: "\(phone.expected.count) records", actual: "no readable store"))
                continue
            }
            // The shared no-loss check: what the app confirmed (as the store's version can hold
            // it) against the store's records, one collection per kind.
            var snapshot = EntitySnapshot()
            for (key, fields) in phone.expected.sorted(by: { $0.key < $1.key }) where (Self.introduced[key.kind] ?? 1) <= store.version {
                snapshot.add("confirmed", key.kind, [EntitySnapshot.Entity(key: key.id, fields: fields.filter { (Self.introduced[$0.key] ?? 1) <= store.version })])
                if let found = store.records[key] { snapshot.add("store", key.kind, [EntitySnapshot.Entity(key: key.id, fields: found)]) }
            }
            diffs += NoLossCheck.diffs(snapshot, expected: "confirmed", at: "store", locationLabel: phone.name) { String($0.prefix(8)) }
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) confirmed records or fields are missing or changed" }
    }
}
