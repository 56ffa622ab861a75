/// What the generic checkers read: per location (the server, each device), per collection (a
/// table, an entity type), the entities there as `key` and fields in canonical text. An app
/// supplies only the mapping of its own state into this shape; the checkers are shared.
public struct EntitySnapshot: Sendable, Equatable {
    /// One entity at one location. `key` is what identifies it for the check at hand (an id, or
    /// a natural key such as `(transaction, person)`); `text` its compared values in canonical
    /// form (two entities are equal when their texts are).
    public struct Entity: Sendable, Equatable {
        public var key: String
        public var text: String
        /// The compared values one by one, when the entity was made from fields (nil when the app
        /// rendered one text): a check that reports field by field (no-loss) reads them.
        public var fields: [String: String]?

        /// An entity whose compared values are `fields`: `amount=12.50 | title="Rent"`, keys sorted.
        public init(key: String, fields: [String: String] = [:]) {
            self.key = key
            text = fields.keys.sorted().map { "\($0)=\(fields[$0]!)" }.joined(separator: " | ")
            self.fields = fields
        }

        /// An entity whose compared values the app already renders as one canonical text.
        public init(key: String, text: String) {
            self.key = key
            self.text = text
            fields = nil
        }

        /// Equal when key and text are (fields are the text's parts, however the entity was made).
        public static func == (lhs: Entity, rhs: Entity) -> Bool { lhs.key == rhs.key && lhs.text == rhs.text }
    }

    /// Locations in the order they were added (reports follow it).
    public private(set) var locations: [String] = []
    private var entities: [String: [String: [Entity]]] = [:]

    public init() {}

    /// Adds the entities of one collection at one location (in the order given; repeats allowed:
    /// that is what no-duplicate looks for).
    public mutating func add(_ location: String, _ collection: String, _ added: [Entity]) {
        if entities[location] == nil { locations.append(location) }
        entities[location, default: [:]][collection, default: []] += added
    }

    /// The entities of a collection at a location (empty when there are none).
    public func entities(_ location: String, _ collection: String) -> [Entity] {
        entities[location]?[collection] ?? []
    }

    /// The collections at a location, sorted.
    public func collections(_ location: String) -> [String] {
        (entities[location]?.keys).map { $0.sorted() } ?? []
    }
}
