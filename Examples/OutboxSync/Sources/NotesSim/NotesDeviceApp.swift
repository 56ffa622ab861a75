import Notes
import SimCore
import SimHarness

/// The notes app's process on a simulated device (run again on every relaunch): at launch it
/// pushes what its outbox still holds, then takes its user's actions from the stage's queue one
/// at a time, the user pausing half a second between them; it exits when the queue is empty.
struct NotesDeviceApp: Sendable {
    /// Pushes at launch and on a pull to refresh; after a write, a few (the rest waits for the
    /// next write, launch or refresh).
    static let syncAttempts = 20, attemptsAfterWrite = 3

    let stage: NotesStage

    func main(_ context: DeviceContext) async {
        let device = stage.device(context.deviceName)
        let app = NotesApp(store: DeviceKeyValueStore(context), ids: DeviceIDGenerator(context),
                           backend: SimulatedNotesClient(context: context, backend: stage.backend),
                           clock: context.clock, variant: stage.variant, probe: stage.kills.probe(for: device))
        if stage.launchFollowsKill(device), !app.outbox.isEmpty { context.sometimes(NotesMarks.killedWithPendingEdits) }
        _ = await app.syncOutbox(maxAttempts: Self.syncAttempts)
        while context.isAlive, let action = stage.takeAction(context.deviceName) {
            switch action {
            case .write(let noteID, let text):
                // The ledger: the app saves the note and shows it (it returns at once), so the
                // user holds it confirmed; a kill inside `write` would leave it indeterminate.
                let operation = context.begin(NoteAction.operationName, action)
                app.write(noteID: noteID, text: text)
                context.complete(operation, .ok)
                _ = await app.syncOutbox(maxAttempts: Self.attemptsAfterWrite)
            case .sync:
                _ = await app.syncOutbox(maxAttempts: Self.syncAttempts)
            }
            do { try await context.sleep(for: .milliseconds(500)) } catch { return }
        }
    }
}

/// Kills over the phone's whole life: at most two, each landing up to twelve await points into a
/// write or a push; the user reopens the killed app 1–30 s later.
enum NotesKill {
    static let life = LifeSweep(phases: NotesApp.phases, maxJobs: 12, maxKills: 2)
}
