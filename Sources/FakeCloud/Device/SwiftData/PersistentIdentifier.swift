/// A row's stable identity: its entity and a number from the store's counter (like a Core Data
/// object ID: entity plus primary key). Never random, so runs are reproducible; numbers are
/// handed out in insertion order and never reused once saved.
///
/// Simplification: SwiftData hands out a temporary identifier until the first save; the fake
/// hands out the final one at insert (an unsaved one may be handed out again after a kill).
public struct PersistentIdentifier: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The entity the row belongs to.
    public var entityName: String
    /// The row's number in its store.
    public var number: Int

    /// An identifier.
    public init(entityName: String, number: Int) {
        self.entityName = entityName
        self.number = number
    }

    public var description: String { "\(entityName)/\(number)" }

    public static func < (a: PersistentIdentifier, b: PersistentIdentifier) -> Bool {
        a.number != b.number ? a.number < b.number : a.entityName < b.entityName
    }

    // Stored as its text, `Person/12`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let slash = text.lastIndex(of: "/"), let number = Int(text[text.index(after: slash)...]) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad id \(text)"))
        }
        self.init(entityName: String(text[..<slash]), number: number)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
