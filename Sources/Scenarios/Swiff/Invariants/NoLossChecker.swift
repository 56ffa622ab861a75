import SimCore

/// no-loss: every record and field whose save the app confirmed is in the device's final store,
/// renames followed; fields a store's version cannot hold yet are not expected of it.
struct NoLossChecker {
    /// The schema major version that introduced a field or a kind.
    static let introduced = ["profileImageURL": 2, "notes": 3, "settlement": 3]

    func check(_ world: SwiffWorld) -> [Violation] {
        var diffs: [EntityDiff] = []
        for phone in world.phones where !phone.expected.isEmpty {
            guard let store = phone.logical else {
                diffs.append(EntityDiff(entity: "store", location: phone.name, expected: "\(phone.expected.count) records", actual: "no readable store"))
                continue
            }
            for (key, fields) in phone.expected.sorted(by: { $0.key < $1.key }) where (Self.introduced[key.kind] ?? 1) <= store.version {
                guard let found = store.records[key] else {
                    diffs.append(EntityDiff(entity: key.description, location: phone.name, expected: "present", actual: "missing"))
                    continue
                }
                for (field, value) in fields.sorted(by: { $0.key < $1.key })
                where (Self.introduced[field] ?? 1) <= store.version && found[field] != value {
                    diffs.append(EntityDiff(entity: "\(key) \(field)", location: phone.name, expected: value, actual: found[field] ?? "missing"))
                }
            }
        }
        return SwiffChecks.report("no-loss", "confirmed records or fields are missing or changed", diffs)
    }
}
