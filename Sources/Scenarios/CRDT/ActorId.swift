/// An actor id: who made an operation. Compared by its bytes (lexicographic on the hex string).
///
/// Mirrors automerge's `ActorId` (arbitrary bytes, shown as hex). Every replica that edits a
/// document must use its own actor: two replicas editing under one actor would mint the same
/// operation ids, which Automerge forbids too (a duplicate sequence number is refused on merge).
public struct ActorId: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The lower-case hex text of the actor's bytes (1...64 characters).
    public let hex: String

    /// Creates an actor from lower-case hex, 1...64 characters; a precondition otherwise.
    public init(_ hex: String) {
        precondition(ActorId.isValid(hex), "an actor id is 1...64 lower-case hex characters, got \(hex)")
        self.hex = hex
    }

    /// Creates an actor from untrusted text (loaded bytes); `nil` unless 1...64 lower-case hex characters.
    public init?(validating hex: String) {
        guard ActorId.isValid(hex) else { return nil }
        self.hex = hex
    }

    /// True for 1...64 characters, each in `0-9a-f`.
    public static func isValid(_ hex: String) -> Bool {
        let bytes = hex.utf8
        guard (1...64).contains(bytes.count) else { return false }
        return bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Byte order of the hex text (all ASCII, so this is the order of the UTF-8 bytes).
    public static func < (lhs: ActorId, rhs: ActorId) -> Bool {
        lhs.hex.utf8.lexicographicallyPrecedes(rhs.hex.utf8)
    }

    public var description: String { hex }
}
