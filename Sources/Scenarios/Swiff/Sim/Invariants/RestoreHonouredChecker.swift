import AppleStandIns
import SimCore
import SimHarness
import Swiff

/// restore-honoured: a restore the user asked for, of a readable backup whose schema version the
/// build's migration plan lists (a correct build's plan: `SwiffBuild(n, variant: .fixed)`), with
/// the disk healthy, is not refused. The plan's `restore(from:)` exists so that a user can go
/// back to the store from before an upgrade.
struct RestoreHonouredChecker: InvariantChecker {
    let name = "restore-honoured"

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for refused in world.refusedRestores where !refused.storageFaults {
            guard let bytes = refused.backup, let snapshot = world.stores.snapshot(bytes),
                  Self.knownVersions(build: refused.build).contains(snapshot.metadata.versionIdentifier) else { continue }
            diffs.append(EntityDiff(entity: "restore of a \(snapshot.metadata.versionIdentifier) backup", location: "\(refused.device) build \(refused.build)",
                                    expected: "restored", actual: "refused"))
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) restores of backups the build can open were refused" }
    }

    /// The schema versions build `number`'s plan lists (a half-migrated 2.1.0 store is build 3's only).
    static func knownVersions(build number: Int) -> Set<String> {
        Set(SwiffBuild(number, variant: .fixed).planSchemas.map(\.versionIdentifier.description))
    }
}
