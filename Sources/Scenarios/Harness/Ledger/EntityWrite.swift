/// What one operation writes to one entity, in the snapshot's terms (collection, key, fields in
/// canonical text): what the generic no-loss and no-lost-update read off an operation ledger.
public struct EntityWrite: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Makes the entity with every field given.
        case create
        /// Sets the fields given.
        case update
        /// Removes the entity.
        case delete
    }

    public var collection: String
    /// The entity's key, or `EntityWrite.anyKey` for a write that may touch any entity of the
    /// collection (a batch whose targets the harness cannot know: "stop every running timer").
    public var key: String
    public var kind: Kind
    /// Field → canonical value. A create lists every field; a delete none.
    public var fields: [String: String]

    /// The key of a write that may touch any entity of its collection.
    public static let anyKey = "*"

    public init(_ collection: String, _ key: String, _ kind: Kind, fields: [String: String] = [:]) {
        (self.collection, self.key, self.kind, self.fields) = (collection, key, kind, fields)
    }
}

/// An action vocabulary whose actions say what they write: the generic ledger checks then need
/// nothing else from the app but its snapshot.
public protocol WritingAction: Sendable {
    /// The entity writes the action asks for (empty: it writes nothing the checks compare).
    var writes: [EntityWrite] { get }
}
