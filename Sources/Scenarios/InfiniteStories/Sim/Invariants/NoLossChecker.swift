import SimCore
import SimHarness

/// no-loss: every entity of a migrated device (its data at the end: the original store, what the
/// user created and changed) is on its owner's server with the same content, and each media
/// file it names that exists on the device downloads from the server as the same bytes.
/// Not the ledger's `NoLossCheck`: the user's data is the device's whole store (the migration's
/// input), held to the server by the content oracle, media bytes included.
struct NoLossChecker: InvariantChecker {
    let name = "no-loss"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        // One violation per device: each names its own owner's server.
        world.migratedDevices.flatMap { device in
            let diffs = ContentOracle(local: device.local, rows: world.rows(device.owner)).diffs().filter { !StoriesChecks.isParent($0) }
            return ViolationReport.of(name, diffs) { "\(device.name): \($0) entities or fields missing or different on \(device.owner)'s server" }
        }
    }
}
