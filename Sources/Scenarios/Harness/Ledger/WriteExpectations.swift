import SimCore

/// What an operation ledger allows each entity and field to look like at quiescence, read as
/// last-writer rules over its writes (a baseline, such as the legacy data a migration started
/// from, counts as a write before everything):
/// - an entity must exist when the baseline or an acknowledged create has it and no delete may
///   have landed;
/// - a field must hold a value from a write that may have landed and that no acknowledged write
///   of the field causally follows (`allowed`); a wrong value lost the acknowledged writes
///   (`required`), and no-lost-update owns it when one of them had a concurrent write on another
///   device, no-loss otherwise;
/// - when one acknowledged write of a field follows every other write of it, its value is the
///   only one allowed (`lastWriters`).
///
/// The app may exempt acknowledged writes a concurrent operation may legitimately undo (`exempt`:
/// a delete of the enclosing object wins over an edit inside it, as in Automerge).
public struct WriteExpectations<Action: WritingAction> {
    public typealias Entry = LedgerEntry<Action>

    /// One operation's write, with the operation.
    public struct Write {
        public var entry: Entry
        public var write: EntityWrite
    }

    private var byEntity: [String: [Write]] = [:]  // looked up only, never iterated
    /// Per collection, the keys written, and the keys created (acknowledged or not).
    private var keysByCollection: [String: Set<String>] = [:]  // looked up only
    private var createdByCollection: [String: Set<String>] = [:]  // looked up only
    private var anyKey: [String: [Write]] = [:]  // by collection; looked up only
    private let exempt: (Entry) -> Bool

    /// Expectations over every write of `ledger`; `exempt` names acknowledged operations whose
    /// writes need not survive.
    public init(_ ledger: OperationLedger<Action>, exempt: @escaping (Entry) -> Bool = { _ in false }) {
        self.exempt = exempt
        for entry in ledger.entries {
            for write in entry.action.writes {
                if write.key == EntityWrite.anyKey {
                    anyKey[write.collection, default: []].append(Write(entry: entry, write: write))
                } else {
                    byEntity[Self.id(write.collection, write.key), default: []].append(Write(entry: entry, write: write))
                    keysByCollection[write.collection, default: []].insert(write.key)
                    if write.kind == .create { createdByCollection[write.collection, default: []].insert(write.key) }
                }
            }
        }
    }

    private static func id(_ collection: String, _ key: String) -> String { "\(collection)\u{0}\(key)" }

    /// The writes to one entity, in invocation order.
    public func writes(_ collection: String, _ key: String) -> [Write] { byEntity[Self.id(collection, key)] ?? [] }

    /// The keys the ledger writes in a collection, sorted.
    public func keys(_ collection: String) -> [String] { (keysByCollection[collection] ?? []).sorted() }

    /// The keys the ledger creates in a collection (acknowledged or not), sorted.
    public func createdKeys(_ collection: String) -> [String] { (createdByCollection[collection] ?? []).sorted() }

    /// Whether a delete of the entity may have landed.
    public func mayBeDeleted(_ collection: String, _ key: String) -> Bool {
        writes(collection, key).contains { $0.write.kind == .delete && $0.entry.mayHaveLanded }
    }

    /// Whether the entity must exist: in the baseline or acknowledged created, and no delete may
    /// have landed.
    public func mustExist(_ collection: String, _ key: String, inBaseline: Bool) -> Bool {
        (inBaseline || writes(collection, key).contains { $0.write.kind == .create && $0.entry.isAcknowledged })
            && !mayBeDeleted(collection, key)
    }

    /// Whether the acknowledged operation's writes need not survive.
    public func isExempt(_ entry: Entry) -> Bool { exempt(entry) }

    /// The values a field may hold and the acknowledged writes a wrong value would have lost; nil
    /// when anything goes (neither the baseline nor the ledger sets it, or a write that may touch
    /// any entity of the collection is unresolved).
    public func allowed(_ collection: String, _ key: String, field: String, baseline: String?) -> (values: Set<String>, required: [Entry])? {
        if (anyKey[collection] ?? []).contains(where: { $0.entry.isUnresolved && $0.write.fields[field] != nil }) { return nil }
        let writes = writes(collection, key).filter { $0.entry.mayHaveLanded && $0.write.kind != .delete && $0.write.fields[field] != nil }
        let required = writes.filter { $0.entry.isAcknowledged && !exempt($0.entry) }.map(\.entry)
        var values: Set<String> = []
        if let baseline, required.isEmpty { values.insert(baseline) }
        for write in writes where !required.contains(where: { write.entry.precedes($0) }) {
            values.insert(write.write.fields[field]!)
        }
        if baseline == nil && writes.isEmpty { return nil }
        return (values, required)
    }

    /// Whether one of the lost writes had a concurrent write to the same entity on another device
    /// that may have landed.
    public func hadConcurrentWrite(_ lost: [Entry], _ collection: String, _ key: String) -> Bool {
        let all = writes(collection, key)
        return lost.contains { write in
            all.contains { $0.entry.device != write.device && $0.entry.mayHaveLanded && $0.entry.isConcurrent(with: write) }
        }
    }

    /// The value of a field set last: the acknowledged, not exempt write that every other write of
    /// the field (acknowledged or not) precedes. Nil when the last writes are concurrent, or when
    /// the last one is exempt.
    public func lastWriter(_ collection: String, _ key: String, field: String) -> (value: String, entry: Entry)? {
        let writes = writes(collection, key).filter { $0.write.fields[field] != nil }
        guard let last = writes.first(where: { last in
            last.entry.isAcknowledged && writes.allSatisfy { $0.entry.id == last.entry.id || $0.entry.precedes(last.entry) }
        }), !exempt(last.entry) else { return nil }
        return (last.write.fields[field]!, last.entry)
    }
}
