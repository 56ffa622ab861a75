/// The state of one list object: an RGA (replicated growable array) of elements, tombstones kept.
///
/// Each element is named by the id of the operation that inserted it. An insert names the
/// element it goes after (or the head); the new element is placed right after it, past every
/// element with a greater id. That is RGA's rule and Automerge's: its `SeekOp` query skips, after
/// the reference element, every insert whose Lamport id is greater than the new one and stops at
/// the first lesser one (rust/automerge/src/query/seek_op.rs, `lesser_insert`). So concurrent
/// inserts at one position both survive, ordered by descending op id, on every replica.
/// An element whose values were all deleted stays as a tombstone so later inserts can find it.
struct ListSequence: Sendable {
    struct Element: Sendable {
        let id: OpId
        var values: VisibleValues
    }

    private(set) var elements: [Element] = []
    /// Element id → position in `elements`, kept in step with every insert.
    private var positions: [OpId: Int] = [:]
    /// The number of elements that still hold a value.
    private(set) var visibleCount = 0

    func contains(_ element: OpId) -> Bool { positions[element] != nil }

    /// Inserts element `id` after `reference` (`nil` = the head). The reference must exist.
    mutating func insert(id: OpId, after reference: OpId?, value: Value) {
        var position = 0
        if let reference { position = positions[reference]! + 1 }
        while position < elements.count && elements[position].id > id { position += 1 }
        var values = VisibleValues()
        values.apply(id: id, pred: [], value: value)
        elements.insert(Element(id: id, values: values), at: position)
        for index in position..<elements.count { positions[elements[index].id] = index }
        visibleCount += 1
    }

    /// Applies a put or delete to an existing element.
    mutating func update(element: OpId, id: OpId, pred: [OpId], value: Value?) {
        let position = positions[element]!
        let wasVisible = !elements[position].values.isEmpty
        elements[position].values.apply(id: id, pred: pred, value: value)
        let isVisible = !elements[position].values.isEmpty
        if wasVisible != isVisible { visibleCount += isVisible ? 1 : -1 }
    }

    /// The element at visible index `index`, or `nil` past the end. A linear scan from the
    /// nearer end (appends are O(1)); the app's lists (image names of one record) are short.
    func element(atVisibleIndex index: Int) -> Element? {
        guard index >= 0, index < visibleCount else { return nil }
        if index >= visibleCount / 2 {
            var seen = visibleCount - 1
            for element in elements.reversed() where !element.values.isEmpty {
                if seen == index { return element }
                seen -= 1
            }
            return nil
        }
        var seen = 0
        for element in elements where !element.values.isEmpty {
            if seen == index { return element }
            seen += 1
        }
        return nil
    }

    /// The visible elements, in list order.
    var visibleElements: [Element] { elements.filter { !$0.values.isEmpty } }
}
