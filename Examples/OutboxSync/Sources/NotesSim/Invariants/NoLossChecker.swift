import SimCore
import SimHarness

/// no-loss: every note on a device is on the server, with the same text (the shared
/// `NoLossCheck` over the world's snapshot, device by device).
struct NoLossChecker: InvariantChecker {
    let name = "no-loss"

    func check(_ world: NotesWorld, history: History) -> [Violation] {
        world.devices.flatMap { device in
            let lost = NoLossCheck.diffs(world.snapshot, expected: device, at: "server")
            let count = world.snapshot.entities(device, "note").count
            return ViolationReport.of(name, lost, limit: 5) { "\($0) of the \(device)'s \(count) notes are not on the server" }
        }
    }
}
