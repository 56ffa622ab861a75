import Notes
import NotesSim
import SimCore
import SimHarness
import SimTesting
import XCTest

/// A look under the hood, not a way to write scenarios: the app's outbox in a world built by hand
/// with SimCore alone (a fake registered on the network, a device launched, a bare
/// `killAfter`, `beginHealing`): a phone writes five notes offline-first and syncs through the
/// seed's faults and one kill; the server must end with all five, whatever the seed. A scenario
/// is written one way, as a `NotesScenario` (see `NotesSimulationTests`): the harness then owns
/// the kills (the kill injector's sweep), healing and the checks.
final class OutboxUnderSimulationTests: XCTestCase {
    func testEveryNoteReachesTheServerWhateverTheSeed() throws {
        try simulate(seeds: 1...500) { sim in
            let backend = sim.network.register(NotesBackend())       // the fake of your backend
            let phone = sim.addDevice("phone")
            try sim.run { sim in
                phone.launch { context in
                    let app = NotesApp(store: DeviceKeyValueStore(context), ids: DeviceIDGenerator(context),
                                       backend: SimulatedNotesClient(context: context, backend: backend),
                                       clock: context.clock)
                    while app.notes.count < 5 { app.write(noteID: "note-\(app.notes.count + 1)", text: "hello") }
                    _ = await app.syncOutbox(maxAttempts: 100)
                }
                phone.killAfter(jobs: 1 + Int(sim.seed % 20))        // kill the app at an await point
                await phone.waitUntilStopped()
                sim.beginHealing()                                   // faults off; a killed app relaunches
                await phone.waitUntilStopped()
            }
            let stored = sim.network.service(backend).notes.count
            try expectInvariant(stored == 5, "no-loss", "the server has \(stored) of 5 notes")
        }
    }
}
