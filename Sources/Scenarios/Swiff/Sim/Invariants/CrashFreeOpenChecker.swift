import SimCore
import SimHarness

/// crash-free-open: no launch ever dies in `fatalError`; every launch after healing opens the
/// store (no crash loop, no store left unopenable); and before healing a build fails to open its
/// store as "written by a newer version" only on a device the scenario downgraded.
struct CrashFreeOpenChecker: InvariantChecker {
    let name = "crash-free-open"

    func check(_ world: SwiffWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for launch in world.launches {
            let location = "\(launch.device) launch #\(launch.incarnation) (build \(launch.build)\(launch.healing ? ", healing" : ""))"
            switch launch.result {
            case .opened: continue
            case .crashed(let message):
                diffs.append(EntityDiff(entity: "app", location: location, expected: "no crash", actual: "fatalError: \(message)"))
            case .failed(let code, let message) where launch.healing:
                diffs.append(EntityDiff(entity: "store", location: location, expected: "opens", actual: "failed \(code): \(message)"))
            case .failed(134_504, let message) where !launch.downgraded:
                diffs.append(EntityDiff(entity: "store", location: location, expected: "the installed build opens its store",
                                        actual: "unknown model version: \(message)"))
            case .failed: continue
            }
        }
        return ViolationReport.of(name, diffs, limit: 12) { "\($0) launches crashed or left a store the installed build cannot open" }
    }
}
