import SimCore
import SimHarness

/// What the checkers read at quiescence: the writes the app confirmed (the run's operation
/// ledger), the notes on each device and on the server as an `EntitySnapshot` (locations
/// `phone`, …, and `server`; collection `note`; key the note's id, field `text`), each device's
/// outbox, and how healing ended.
struct NotesWorld {
    var ledger: OperationLedger<NoteAction>
    var snapshot = EntitySnapshot()
    var devices: [String] = []
    var outboxes: [String: [String]] = [:]
    var healing: HealingOutcome

    /// A world built by hand (the checkers' own tests).
    init(ledger: OperationLedger<NoteAction>, snapshot: EntitySnapshot, devices: [String], outboxes: [String: [String]], healing: HealingOutcome) {
        self.ledger = ledger
        self.snapshot = snapshot
        self.devices = devices
        self.outboxes = outboxes
        self.healing = healing
    }

    init(stage: NotesStage, healing: HealingOutcome) {
        self.healing = healing
        ledger = OperationLedger(history: stage.sim.history)
        for device in stage.devices {
            let notes = stage.notes(on: device)
            devices.append(device.name)
            snapshot.add(device.name, "note", notes.keys.sorted().map { .init(key: $0, fields: ["text": notes[$0]!]) })
            outboxes[device.name] = stage.outbox(on: device).map(\.noteID)
        }
        let server = stage.server.notes
        snapshot.add("server", "note", server.keys.sorted().map { .init(key: $0, fields: ["text": server[$0]!]) })
    }
}
