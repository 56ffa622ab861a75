import AppPorts
import Foundation
import Notes
import SimCore
import SimHarness

/// One run's stage: the shared cast (the phone, the user's queued actions, sessions under the
/// phone's kill sweep, scripted offline windows) plus the notes backend. Scenarios script it;
/// healing and the checks read it.
public final class NotesStage: Cast<NoteAction>, @unchecked Sendable {
    let variant: Variant<NotesDefect>
    /// How many notes the user writes in a run (4 + 8 × size).
    let noteCount: Int
    let backend: ServiceHandle<NotesBackend>
    /// Per device, its kills when its app last launched (a launch after a kill sees more).
    private var killsAtLaunch: [String: Int] = [:]

    init(_ sim: Simulator, variant: Variant<NotesDefect>, size: Int) {
        precondition(size >= 0, "a run's size is a count")
        self.variant = variant
        noteCount = 4 + 8 * size
        backend = sim.network.register(NotesBackend())
        super.init(sim, app: NotesRun.name)
        deviceApp = { [weak self] context in
            guard let self else { return }
            await NotesDeviceApp(stage: self).main(context)
        }
        sim.record("sim", "notes variant=\(variant.name) notes=\(noteCount)")
    }

    var server: NotesBackend { sim.network.service(backend) }

    /// The app on `device` as its user left it: its notes and its outbox, read from its
    /// UserDefaults (the durable part: what survives a kill).
    func notes(on device: Device) -> [String: String] { Self.decode([String: String].self, device, NotesApp.notesKey) ?? [:] }
    func outbox(on device: Device) -> [NoteChange] { Self.decode([NoteChange].self, device, NotesApp.outboxKey) ?? [] }

    /// Whether the device's app was killed since its last launch (asked once per launch).
    func launchFollowsKill(_ device: Device) -> Bool {
        defer { killsAtLaunch[device.name] = device.kills }
        return device.kills > killsAtLaunch[device.name, default: 0]
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ device: Device, _ key: String) -> T? {
        device.defaults.value(forKey: key)?.stringValue.flatMap { try? JSONDecoder().decode(type, from: Data($0.utf8)) }
    }
}
