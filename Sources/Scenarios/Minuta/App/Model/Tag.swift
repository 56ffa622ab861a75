import AppPorts
import CRDT

extension Minuta {
    /// A tag records are filed under (seed `Tag(id:name:color:createdAt:isArchived:)`). Times are
    /// Unix milliseconds, the seed's Automerge timestamp format (seed §1.2, l.50).
    public struct Tag: Codable, Sendable, Equatable, Hashable {
        /// Upper-case UUID string (`UUID().uuidString`), the key in the tags document.
        public var id: String
        public var name: String
        public var color: String
        public var createdAt: Int64
        public var isArchived: Bool

        public init(id: String, name: String, color: String = "#808080", createdAt: Int64, isArchived: Bool = false) {
            self.id = id
            self.name = name
            self.color = color
            self.createdAt = createdAt
            self.isArchived = isArchived
        }
    }
}
