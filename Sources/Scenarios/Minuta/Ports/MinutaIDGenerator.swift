extension Minuta {
    /// Where fresh identifiers come from: `UUID()` for tags and records, and the random actor id
    /// automerge-swift gives every `Document()` / `Document(data)`.
    public protocol IDGenerator: Sendable {
        /// A fresh UUID string, upper-case like `UUID().uuidString`.
        func uuid() -> String
        /// A fresh CRDT actor id.
        func actorId() -> ActorId
    }
}
