/// Reading the whole visible state at once: for checkers and tests.
extension Document {
    /// True when both documents show the same objects holding the same values, conflicts
    /// included. Objects are compared by id, so two replicas are equal when they applied the
    /// same changes (in any order); pending local edits count, queued changes do not.
    public func equalState(_ other: Document) -> Bool {
        visibleSnapshot() == other.visibleSnapshot()
    }

    /// One line per visible key or element, every reachable object from the root, in a
    /// deterministic order: `obj.key = value | value` (all conflicting values, ascending id).
    /// Walks with an explicit work list, so deeply nested documents cannot overflow the stack.
    public func visibleSnapshot() -> [String] {
        var lines: [String] = []
        var work: [ObjId] = [.root]
        while let obj = work.popLast() {
            if let map = opSet.maps[obj] {
                for key in map.sortedKeys {
                    let values = map.values(at: key)!
                    lines.append("\(obj).\(key.debugDescription) = \(describe(values, pushing: &work))")
                }
            } else if let list = opSet.lists[obj] {
                for (index, element) in list.visibleElements.enumerated() {
                    lines.append("\(obj)[\(index)] = \(describe(element.values, pushing: &work))")
                }
            }
        }
        return lines
    }

    private func describe(_ values: VisibleValues, pushing work: inout [ObjId]) -> String {
        values.slots.map { slot in
            switch slot.value {
            case .Object(let id, let type):
                work.append(id)
                return "\(type)(\(id))"
            case .Scalar(let scalar):
                return Document.describe(scalar)
            }
        }.joined(separator: " | ")
    }

    static func describe(_ scalar: ScalarValue) -> String {
        switch scalar {
        case .String(let text): return text.debugDescription
        case .Int(let number): return "int(\(number))"
        case .Boolean(let flag): return "\(flag)"
        case .Timestamp(let ms): return "ts(\(ms))"
        case .Null: return "null"
        }
    }
}
