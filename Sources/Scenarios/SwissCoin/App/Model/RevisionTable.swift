import AppPorts

/// The server revision of each synced entity (`SyncState.revisions`), keyed by
/// `SyncEntityKey.text`. On disk it is exactly the JSON object a `[String: Int64]` gives under
/// `.sortedKeys`; in memory the entries are kept sorted by the key's UTF-8 bytes (the order
/// `.sortedKeys` writes), so a save writes them in one pass, without hashing or sorting thousands
/// of keys (before, every save of the store sorted the whole table: most of a sync scenario's
/// cost, issue 19). A lookup is a binary search; an insert moves the tail of two arrays.
///
/// Keys compare by their UTF-8 bytes, not by `String`'s canonical equivalence: the keys are
/// `table/uuid` in ASCII, where the two agree.
public struct RevisionTable: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    /// Sorted by UTF-8 bytes, no duplicates; `revisions[i]` belongs to `keys[i]`.
    private var keys: [String] = []
    private var revisions: [Int64] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, Int64)...) {
        for (key, revision) in elements { self[key] = revision }
    }

    /// How many entities have a revision.
    public var count: Int { keys.count }

    /// The entries in key order.
    public var entries: [(key: String, revision: Int64)] { Array(zip(keys, revisions)) }

    /// The revision of `key`; setting nil removes the entry.
    public subscript(key: String) -> Int64? {
        get {
            let index = position(of: key)
            return found(key, at: index) ? revisions[index] : nil
        }
        set {
            let index = position(of: key)
            switch (found(key, at: index), newValue) {
            case (true, let revision?): revisions[index] = revision
            case (true, nil):
                keys.remove(at: index)
                revisions.remove(at: index)
            case (false, let revision?):
                keys.insert(key, at: index)
                revisions.insert(revision, at: index)
            case (false, nil): break
            }
        }
    }

    /// The first index whose key does not sort before `key`.
    private func position(of key: String) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if SortedKeysJSON.precedes(keys[middle], key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func found(_ key: String, at index: Int) -> Bool {
        index < keys.count && !SortedKeysJSON.precedes(key, keys[index])
    }
}

extension RevisionTable: Codable {
    /// Reads the JSON object a `[String: Int64]` writes.
    public init(from decoder: any Decoder) throws {
        let dictionary = try [String: Int64](from: decoder)
        for key in dictionary.keys.sorted(by: SortedKeysJSON.precedes) {
            keys.append(key)
            revisions.append(dictionary[key]!)
        }
    }

    /// Writes what a `[String: Int64]` with the same entries writes.
    public func encode(to encoder: any Encoder) throws {
        try Dictionary(uniqueKeysWithValues: zip(keys, revisions)).encode(to: encoder)
    }
}

extension RevisionTable: SortedJSONWritable {
    /// `{"key":revision,…}` in key order: the bytes `JSONEncoder` with `.sortedKeys` gives.
    func writeSortedJSON(into out: inout [UInt8]) throws {
        out.append(UInt8(ascii: "{"))
        for index in keys.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            SortedKeysJSON.writeString(keys[index], into: &out)
            out.append(UInt8(ascii: ":"))
            SortedKeysJSON.writeInteger(revisions[index], into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
