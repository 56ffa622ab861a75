import SimCore
import SimHarness

/// quiescence: when nobody edits, sync stops — healing reaches a round in which no device
/// imports or exports a record (no export/import ping-pong).
struct QuiescenceChecker: InvariantChecker {
    let name = "quiescence"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        let diffs = world.healing.pending.filter { $0.hasPrefix("traffic:") }.map {
            EntityDiff(entity: "sync", location: "healing", expected: "a round with no record moved", actual: $0)
        }
        return ViolationReport.of(name, kind: .liveness, diffs) { "\($0) devices kept syncing with nobody editing" }
    }
}
