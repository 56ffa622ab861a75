import AppPorts
import FakeCloud
import InfiniteStories
import SimCore
import SimHarness

/// referential-integrity: every reference on the server resolves to a live row of the same
/// account (a story's hero and custom event, an illustration's story), every media URL names an
/// uploaded file of that account, and for a migrated device each story's hero and event and each
/// illustration's story are its own (the rows made from its local parents).
/// Not the shared `ReferenceCheck`: a reference must also resolve within the same account, and
/// media URLs to uploaded files, which a snapshot's keys do not hold.
struct ReferentialIntegrityChecker: InvariantChecker {
    let name = "referential-integrity"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for label in world.users.keys.sorted() { diffs += dangling(world.rows(label), label) }
        for device in world.migratedDevices {
            diffs += ContentOracle(local: device.local, rows: world.rows(device.owner)).diffs().filter(StoriesChecks.isParent)
        }
        return ViolationReport.of(name, diffs) { "\($0) references do not point at their own rows" }
    }

    private func dangling(_ rows: ServerRows, _ account: String) -> [EntityDiff] {
        var found: [EntityDiff] = []
        for row in rows.all {
            for field in ["hero_id", "custom_event_id", "story_id"] {
                guard let target = row.fields[field]?.stringValue, rows.byId[target] == nil else { continue }
                found.append(EntityDiff(entity: "\(row.collection) \(ServerRows.contentKey(row) ?? row.id) \(field)", location: "account \(account)",
                                        expected: "a row of the account", actual: "dangling \(target.suffix(6))"))
            }
            for kind in MediaKind.allCases {
                guard let url = row.fields[ContentFields.mediaField(kind)]?.stringValue, rows.mediaHash(row, kind) == nil else { continue }
                found.append(EntityDiff(entity: "\(row.collection) \(ServerRows.contentKey(row) ?? row.id) \(kind.rawValue)",
                                        location: "account \(account)", expected: "an uploaded file of the account", actual: url))
            }
        }
        return found
    }
}
