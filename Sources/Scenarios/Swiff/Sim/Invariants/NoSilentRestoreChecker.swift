import SimCore
import SimHarness

/// no-silent-restore: a restore that drops data the store held (a record missing or changed in
/// the backup) happened in a launch where the app told the user it restored.
struct NoSilentRestoreChecker: InvariantChecker {
    let name = "no-silent-restore"

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for event in world.restores where !world.reportedRestores.contains("\(event.device)#\(event.incarnation)") {
            guard let before = LogicalStore(bytes: event.before) else { continue }
            let after = LogicalStore(bytes: event.restored)
            let dropped = before.records.keys.filter { after?.records[$0] != before.records[$0] }.sorted()
            guard let first = dropped.first else { continue }
            diffs.append(EntityDiff(entity: "restore of \(event.source)", location: "\(event.device) launch #\(event.incarnation)",
                                    expected: "reported to the user", actual: "silent; \(dropped.count) records dropped or changed, e.g. \(first)"))
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) restores dropped data without telling the user" }
    }
}
