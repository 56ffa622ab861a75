import SimCore
import SimHarness

/// eventual-completion: after healing, every device's outbox is empty (each change still in one
/// is reported), and healing settled within its bounds.
struct EventualCompletionChecker: InvariantChecker {
    let name = "eventual-completion"

    func check(_ world: NotesWorld, history: History) -> [Violation] {
        let stuck = world.devices.flatMap { device in
            world.outboxes[device, default: []].map { EntityDiff(entity: "note \($0)", location: "\(device) outbox", expected: "pushed", actual: "pending") }
        }
        let unsettled = world.healing.pending.map { EntityDiff(entity: "healing", location: "all", expected: "settled", actual: $0) }
        return ViolationReport.of(name, kind: .liveness, unsettled + stuck) { _ in
            "\(stuck.count) changes still in an outbox after healing" + (unsettled.isEmpty ? "" : " (\(unsettled.count) devices not settled)")
        }
    }
}
