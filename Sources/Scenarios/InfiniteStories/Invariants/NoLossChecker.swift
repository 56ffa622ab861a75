import SimCore

/// no-loss: every entity of a migrated device (its data at the end: the original store, what the
/// user created and changed) is on its owner's server with the same content, and each media
/// file it names that exists on the device downloads from the server as the same bytes.
struct NoLossChecker {
    func check(_ world: StoriesWorld) -> [Violation] {
        world.migratedDevices.compactMap { device in
            let diffs = ContentOracle(local: device.local, rows: world.rows(device.owner)).diffs().filter { !StoriesChecks.isParent($0) }
            return diffs.isEmpty ? nil : StoriesChecks.violation("no-loss", "\(device.name): data missing or different on \(device.owner)'s server", diffs)
        }
    }
}
