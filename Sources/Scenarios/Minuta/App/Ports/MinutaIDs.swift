import AppPorts
import CRDT

extension IDGenerator {
    /// `UUID().uuidString` as the seed uses it for tags and records: upper-case.
    func uuidString() -> String { uuid().uppercased() }

    /// The random actor id automerge-swift gives every `Document()` / `Document(data)`.
    func actorId() -> ActorId { ActorId(uuid().replacingOccurrences(of: "-", with: "")) }
}
