import SimCore
import SimHarness

/// referential-integrity at quiescence: on every device, each allocation, transaction and
/// allocation-history row points at a shown asset (and goal), and each monthly plan names a
/// shown goal. After healing every record has arrived, so an orphan is older than the sync horizon.
struct ReferentialIntegrityChecker: InvariantChecker {
    let name = "referential-integrity"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for device in world.devices {
            var snapshot = EntitySnapshot()
            var references: [ReferenceCheck.Reference] = []
            for keyed in device.keyed where keyed.entity == "Goal" || keyed.entity == "Asset" {
                snapshot.add(device.name, keyed.entity, [EntitySnapshot.Entity(key: keyed.row["id"]?.uuidValue ?? "")])
            }
            // A relationship names a row; the app reads it by that row's stable id (a copy dedupe
            // hides still names the object it copies), and so does this check.
            let byNumber = Dictionary(uniqueKeysWithValues: (device.keyed.map(\.row) + device.view.losers).map { ($0.id, $0) })
            for keyed in device.keyed {
                let from = "\(keyed.entity) \(keyed.row["id"]?.uuidValue?.prefix(8) ?? "")"
                let targets: [(String, String)]
                switch keyed.entity {
                case "AssetAllocation", "AllocationHistory": targets = [("asset", "Asset"), ("goal", "Goal")]
                case "Transaction": targets = [("asset", "Asset")]
                case "MonthlyPlan":
                    references.append(.init(from: from, to: "Goal", key: keyed.row["goalId"]?.uuidValue ?? ""))
                    targets = []
                default: targets = []
                }
                for (relationship, entity) in targets {
                    let target = keyed.row.targets(relationship).first.flatMap { byNumber[$0]?["id"]?.uuidValue } ?? "nil"
                    references.append(.init(from: from, to: entity, key: target))
                }
            }
            diffs += ReferenceCheck.diffs(snapshot, at: device.name, references: references)
        }
        return ViolationReport.of(name, diffs) { "\($0) references point at nothing at quiescence" }
    }
}
