import AppPorts
import CRDT

extension Minuta {
    /// Reads and writes one property of a map object (seed `AutomergeProperty<T>`, l.104-227). A
    /// missing or mistyped value reads as the default, as in the seed; the seed's `Date()` default
    /// becomes 0 (no wall clock in a read).
    struct AutomergeProperty: Sendable {
        let document: Document
        let objectId: ObjId
        let key: String

        init(_ document: Document, _ objectId: ObjId, _ key: String) {
            self.document = document
            self.objectId = objectId
            self.key = key
        }

        var string: String? {
            guard case .Scalar(.String(let value))? = try? document.get(obj: objectId, key: key) else { return nil }
            return value
        }

        var bool: Bool? {
            guard case .Scalar(.Boolean(let value))? = try? document.get(obj: objectId, key: key) else { return nil }
            return value
        }

        var timestamp: Int64? {
            guard case .Scalar(.Timestamp(let value))? = try? document.get(obj: objectId, key: key) else { return nil }
            return value
        }

        var int: Int64? {
            guard case .Scalar(.Int(let value))? = try? document.get(obj: objectId, key: key) else { return nil }
            return value
        }

        /// `put` of a value, or `delete` for nil (seed l.150-157, l.170-177, l.190-197).
        func set(_ value: ScalarValue?) throws {
            if let value {
                try document.put(obj: objectId, key: key, value: value)
            } else if (try document.get(obj: objectId, key: key)) != nil {
                try document.delete(obj: objectId, key: key)
            }
        }

        /// The list object under the key, if there is one.
        var listId: ObjId? {
            guard case .Object(let listId, .List)? = try? document.get(obj: objectId, key: key) else { return nil }
            return listId
        }

        /// The strings of the list (seed l.200-207).
        var strings: [String] {
            guard let listId else { return [] }
            let length = (try? document.length(obj: listId)) ?? 0
            var result: [String] = []
            for index in 0..<length {
                if case .Scalar(.String(let value))? = try? document.get(obj: listId, index: index) { result.append(value) }
            }
            return result
        }

        /// The seed's list setter (l.208-213): delete the key, put a new list object, insert every
        /// item. A new list object on every call: concurrent adds on two devices lose one (MI-9).
        func recreateList(_ value: [String]) throws {
            if (try document.get(obj: objectId, key: key)) != nil { try document.delete(obj: objectId, key: key) }
            let listId = try document.putObject(obj: objectId, key: key, ty: .List)
            for (index, item) in value.enumerated() {
                try document.insert(obj: listId, index: UInt64(index), value: .String(item))
            }
        }

        /// Edits the existing list in place: removes `removed` items, appends `added` ones that are
        /// not there yet. Concurrent inserts into one list object all survive a merge.
        func editList(adding added: [String], removing removed: [String]) throws {
            let listId: ObjId
            if let existing = self.listId { listId = existing } else {
                listId = try document.putObject(obj: objectId, key: key, ty: .List)
            }
            var current = strings
            for index in current.indices.reversed() where removed.contains(current[index]) {
                try document.delete(obj: listId, index: UInt64(index))
                current.remove(at: index)
            }
            for item in added where !current.contains(item) {
                try document.insert(obj: listId, index: UInt64(current.count), value: .String(item))
                current.append(item)
            }
        }
    }

    /// Whether a map key looks like `UUID().uuidString` (the seed skips other keys, l.424).
    static func isUUID(_ text: String) -> Bool {
        let chars = Array(text.utf8)
        guard chars.count == 36 else { return false }
        for (index, char) in chars.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                if char != UInt8(ascii: "-") { return false }
            } else if !((48...57).contains(char) || (65...70).contains(char) || (97...102).contains(char)) {
                return false
            }
        }
        return true
    }
}
