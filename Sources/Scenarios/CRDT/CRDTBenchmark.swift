import SimValues

/// The workload of the benchmark, "merging two documents of 10,000 operations each",
/// as pure functions: `simrun bench` times them, tests only check what they produce.
///
/// The documents have Minuta's shape: a root map of records keyed by UUID, each a map with
/// timestamps, a tag, a comment and an `images` list. Both replicas start from a shared month
/// of 100 records, then each makes `operations` operations (new records, edited fields, added
/// images), committing every ten, as an app that saves after each user action would.
public enum CRDTBenchmark {
    /// Two replicas that diverged from a common document.
    public struct Pair: Sendable {
        public let left: Document
        public let right: Document
    }

    /// What a merge produced (so a bench can print it and a test can check it).
    public struct Summary: Sendable, Equatable {
        public let changes: Int
        public let operations: Int
        public let records: Int
        public let heads: Int
    }

    /// Builds the two diverged replicas; the same `operations` and `seed` give the same documents.
    public static func divergentPair(operations: Int, seed: UInt64 = 1) throws -> Pair {
        var random = SimRandom(seed: seed)
        let base = Document(actor: ActorId("0b"))
        var records: [ObjId] = []
        for _ in 0..<100 { records.append(try addRecord(base, &random)) }
        base.commit()
        let left = base.fork(actor: ActorId("1e"))
        let right = base.fork(actor: ActorId("21"))
        var leftRandom = random.fork("left"), rightRandom = random.fork("right")
        try edit(left, records, operations, &leftRandom)
        try edit(right, records, operations, &rightRandom)
        return Pair(left: left, right: right)
    }

    /// Merges `pair.right` into a fork of `pair.left`: the timed step. The pair is left as it was.
    public static func merge(_ pair: Pair) throws -> Document {
        let merged = pair.left.fork(actor: ActorId("3f"))
        try merged.merge(other: pair.right)
        return merged
    }

    /// Builds and merges in one call: the whole benchmark as one pure function.
    public static func mergeTwoDocuments(operations: Int, seed: UInt64 = 1) throws -> Summary {
        summary(of: try merge(try divergentPair(operations: operations, seed: seed)))
    }

    /// Counts of what `doc` holds.
    public static func summary(of doc: Document) -> Summary {
        Summary(changes: doc.changes().count, operations: doc.operationCount,
                records: (try? doc.keys(obj: .ROOT).count) ?? 0, heads: doc.heads.count)
    }

    private static func edit(_ doc: Document, _ shared: [ObjId], _ operations: Int, _ random: inout SimRandom) throws {
        var records = shared
        let target = doc.operationCount + operations
        var sinceCommit = doc.operationCount
        while doc.operationCount < target {
            let record = records[random.below(records.count)]
            switch random.below(10) {
            case 0, 1: records.append(try addRecord(doc, &random))
            case 2, 3, 4: try doc.put(obj: record, key: "comment", value: .String("note \(random.below(1_000))"))
            case 5, 6: try doc.put(obj: record, key: "endTime", value: .Timestamp(1_767_225_600_000 + Int64(random.below(86_400_000))))
            default:
                guard case .Object(let images, .List) = try doc.get(obj: record, key: "images") else { continue }
                try doc.insert(obj: images, index: try doc.length(obj: images), value: .String("\(random.uuidString()).jpg"))
            }
            if doc.operationCount - sinceCommit >= 10 {
                doc.commit()
                sinceCommit = doc.operationCount
            }
        }
        doc.commit()
    }

    /// One new record: 7 operations.
    private static func addRecord(_ doc: Document, _ random: inout SimRandom) throws -> ObjId {
        let record = try doc.putObject(obj: .ROOT, key: random.uuidString(), ty: .Map)
        let start = 1_767_225_600_000 + Int64(random.below(2_592_000_000))
        try doc.put(obj: record, key: "startTime", value: .Timestamp(start))
        try doc.put(obj: record, key: "endTime", value: .Timestamp(start + 3_600_000))
        try doc.put(obj: record, key: "tagId", value: .String(random.uuidString()))
        try doc.put(obj: record, key: "comment", value: .String(""))
        let images = try doc.putObject(obj: record, key: "images", ty: .List)
        try doc.insert(obj: images, index: 0, value: .String("\(random.uuidString()).jpg"))
        return record
    }
}
