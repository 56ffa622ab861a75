/// A map key compared by its UTF-8 bytes, as Automerge compares keys. (`String`'s own `==`
/// treats canonically equivalent spellings as one key; two replicas could then disagree.)
struct MapKey: Hashable, Sendable {
    let text: String

    static func == (lhs: MapKey, rhs: MapKey) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

    func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }
}

/// The state of one map object: the visible values of each key.
struct MapObject: Sendable {
    private var entries: [MapKey: VisibleValues] = [:]

    func values(at key: String) -> VisibleValues? { entries[MapKey(text: key)] }

    mutating func apply(key: String, id: OpId, pred: [OpId], value: Value?) {
        let mapKey = MapKey(text: key)
        var values = entries[mapKey] ?? VisibleValues()
        values.apply(id: id, pred: pred, value: value)
        entries[mapKey] = values.isEmpty ? nil : values
    }

    /// The keys that hold at least one value, in UTF-8 byte order.
    var sortedKeys: [String] {
        entries.keys.map(\.text).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
