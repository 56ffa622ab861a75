import SimCore
import SimHarness

/// failed-save-absent: a record whose save the app reported as failed is not in the final store,
/// unless the user added it again later (the ledger then expects it): the user was told it did
/// not happen, so a later save must not commit it behind their back.
struct FailedSaveAbsentChecker: InvariantChecker {
    let name = "failed-save-absent"

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for failed in world.failedSaves {
            guard let phone = world.phones.first(where: { $0.name == failed.device }), let store = phone.logical,
                  store.records[failed.key] != nil, phone.expected[failed.key] == nil else { continue }
            diffs.append(EntityDiff(entity: failed.key.description, location: failed.device, expected: "absent (its save failed)",
                                    actual: "in the store"))
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) records whose save failed are in the store" }
    }
}
