import FakeCloud
import SimCore
import SimHarness

/// no-duplicate: in every account no two live rows carry the same local id, the same name (a
/// hero, story or custom event; an illustration's prompt), or the same illustration image.
/// Not the shared `DuplicateCheck`: one row is a duplicate by any of several natural keys (local
/// id, name, image), and only among live rows of one account.
struct NoDuplicateChecker: InvariantChecker {
    let name = "no-duplicate"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for label in world.users.keys.sorted() {
            let rows = world.rows(label)
            for (collection, list) in [("heroes", rows.heroes), ("custom_events", rows.events), ("stories", rows.stories),
                                       ("illustrations", rows.illustrations)] {
                diffs += repeated(list.compactMap { $0.fields["local_id"]?.stringValue }, "\(collection) local id", label)
                diffs += repeated(list.compactMap(ServerRows.contentKey), "\(collection)", label)
            }
            diffs += repeated(rows.illustrations.compactMap { rows.mediaHash($0, .illustration).map { "image " + String($0, radix: 16) } },
                              "illustrations", label)
        }
        return ViolationReport.of(name, diffs) { "\($0) entities on the server more than once" }
    }

    private func repeated(_ keys: [String], _ what: String, _ account: String) -> [EntityDiff] {
        var counts: [String: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        return counts.keys.sorted().compactMap { key in
            counts[key]! > 1 ? EntityDiff(entity: "\(what) \(key)", location: "account \(account)", expected: "1", actual: "\(counts[key]!)") : nil
        }
    }
}
