import AppPorts
import Foundation
import Notes
import SimCore
import SimHarness

/// The example app as simrun sees it: its name, variants and scenarios, the phone's workload and
/// the checks.
public enum NotesSimulation {
    public static let name = "notes"

    /// What `SimrunCommand.main(apps:)` takes.
    public static var definition: AppDefinition {
        AppDefinition(name: name, summary: "an example notes app with an offline outbox (Examples/OutboxSync)",
                      fixedSummary: "removes a change from the outbox only when the server stored it",
                      defects: NotesDefect.self, scenarios: [OfflineEditsThenSync()])
    }

    /// The phone's app process (run again on every relaunch): the user writes the notes not yet
    /// written, syncing a little after each, then the app syncs until the outbox is empty.
    static func phone(_ context: DeviceContext, _ backend: ServiceHandle<NotesBackend>, variant: Variant<NotesDefect>, notes: Int) async {
        let app = NotesApp(store: DeviceKeyValueStore(context), ids: DeviceIDGenerator(context),
                           backend: SimulatedNotesClient(context: context, backend: backend),
                           clock: context.clock, variant: variant)
        while app.notes.count < notes {
            let number = app.notes.count + 1
            app.write(noteID: "note-\(number)", text: "text of note \(number)")
            _ = await app.syncOutbox(maxAttempts: 3)
            do { try await context.sleep(for: .milliseconds(500)) } catch { return }
        }
        _ = await app.syncOutbox(maxAttempts: 200)
    }

    /// Changes in the phone's durable outbox (read after the app stopped).
    static func outbox(of phone: Device) -> Int {
        decode([NoteChange].self, phone.defaults.value(forKey: "outbox")?.stringValue)?.count ?? 0
    }

    /// `no-loss`: every note on the phone is on the server with the same text.
    /// `eventual-completion`: after healing, the outbox is empty.
    static func check(phone: Device, server: NotesBackend) -> [Violation] {
        let local = decode([String: String].self, phone.defaults.value(forKey: "notes")?.stringValue) ?? [:]
        // The shared no-loss check: the phone's notes are what the server must hold.
        var snapshot = EntitySnapshot()
        snapshot.add("phone", "note", local.keys.sorted().map { EntitySnapshot.Entity(key: $0, text: local[$0]!) })
        snapshot.add("server", "note", server.notes.keys.sorted().map { EntitySnapshot.Entity(key: $0, text: server.notes[$0]!) })
        let lost = NoLossCheck.diffs(snapshot, expected: "phone", at: "server")
        var violations = ViolationReport.of("no-loss", lost, limit: 5) { "\($0) of the phone's \(local.count) notes are not on the server" }
        let pending = outbox(of: phone)
        if pending > 0 {
            violations.append(Violation(invariant: "eventual-completion", kind: .liveness,
                                        message: "\(pending) changes still in the phone's outbox after healing"))
        }
        return violations
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String?) -> T? {
        text.flatMap { try? JSONDecoder().decode(type, from: Data($0.utf8)) }
    }
}
