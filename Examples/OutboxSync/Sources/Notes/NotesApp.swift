import AppPorts
import Foundation

/// The app's data layer: notes kept on the device, and an outbox of edits not yet on the server.
/// An edit is written to the notes and the outbox together and flushed at once, so a kill never
/// leaves a note without its pending change. `syncOutbox` pushes the outbox in order, removing a
/// change only when the server says it stored it. It tells its `PhaseProbe` when it writes and
/// when it pushes (a signpost in production; under simulation, where a kill may land).
public struct NotesApp: Sendable {
    /// Where the notes and the outbox live in the `KeyValueStore` (UserDefaults keys).
    public static let notesKey = "notes", outboxKey = "outbox"
    /// The phases the app tells its probe about.
    public static let phases = ["write", "push"]

    let store: any KeyValueStore
    let ids: any IDGenerator
    let backend: any NotesBackendClient
    let clock: any Clock<Duration>
    let variant: Variant<NotesDefect>
    let probe: any PhaseProbe

    public init(store: any KeyValueStore, ids: any IDGenerator, backend: any NotesBackendClient,
                clock: any Clock<Duration>, variant: Variant<NotesDefect> = .fixed, probe: any PhaseProbe = NoPhaseProbe()) {
        self.store = store
        self.ids = ids
        self.backend = backend
        self.clock = clock
        self.variant = variant
        self.probe = probe
    }

    /// Every note on this device: id → text.
    public var notes: [String: String] { Self.decode([String: String].self, store.string(forKey: Self.notesKey)) ?? [:] }

    /// The edits not yet stored on the server, oldest first.
    public var outbox: [NoteChange] { Self.decode([NoteChange].self, store.string(forKey: Self.outboxKey)) ?? [] }

    /// Saves a note locally and queues its change for the server.
    public func write(noteID: String, text: String) {
        probe.enter("write")
        var notes = self.notes
        notes[noteID] = text
        store.set(Self.encode(notes), forKey: Self.notesKey)
        store.set(Self.encode(outbox + [NoteChange(changeID: ids.uuid(), noteID: noteID, text: text)]), forKey: Self.outboxKey)
        store.synchronize()
    }

    /// Pushes the outbox until it is empty or `maxAttempts` pushes were made; true when empty.
    /// A 429 waits its Retry-After, a 5xx or a transport failure backs off; only a 2xx removes a
    /// change (unless the variant trusts any answer).
    public func syncOutbox(maxAttempts: Int) async -> Bool {
        probe.enter("push")
        var backoff = Duration.milliseconds(200)
        for _ in 0..<maxAttempts {
            guard let change = outbox.first else { return true }
            do {
                let answer = try await backend.push(change)
                if answer.isStored || variant.has(.trustsAnyAnswer) {
                    removeFromOutbox(change.changeID)
                    backoff = .milliseconds(200)
                    continue
                }
                let wait = answer.status == 429 ? Duration.seconds(answer.retryAfterSeconds ?? 1) : backoff
                try await clock.sleep(for: wait)
            } catch {
                do { try await clock.sleep(for: backoff) } catch { return false }
            }
            backoff = min(backoff * 2, .seconds(5))
        }
        return outbox.isEmpty
    }

    private func removeFromOutbox(_ changeID: String) {
        store.set(Self.encode(outbox.filter { $0.changeID != changeID }), forKey: Self.outboxKey)
        store.synchronize()
    }

    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // the same bytes in every process
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String?) -> T? {
        text.flatMap { try? JSONDecoder().decode(type, from: Data($0.utf8)) }
    }
}
