import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
import SimCore

/// Random edits for the CRDT property tests: small key and value pools so that conflicts,
/// same-value no-ops and concurrent list inserts at one position happen often.
struct CRDTRandomEditor {
    var random: SimRandom
    private static let keys = ["a", "b", "c"]
    private static let words = ["x", "y", "z"]

    init(seed: UInt64) { random = SimRandom(seed: seed) }

    mutating func scalar() -> ScalarValue {
        switch random.below(5) {
        case 0: return .String(random.pick(Self.words)!)
        case 1: return .Int(Int64(random.below(3)))
        case 2: return .Boolean(random.chance(1, in: 2))
        case 3: return .Timestamp(1_700_000_000_000 + Int64(random.below(3)))
        default: return .Null
        }
    }

    /// One random edit on `doc`; edits that do not apply to the current shape are skipped.
    mutating func edit(_ doc: Document) throws {
        let key = random.pick(Self.keys)!
        switch random.below(10) {
        case 0: try doc.put(obj: .ROOT, key: key, value: scalar())
        case 1: try doc.delete(obj: .ROOT, key: key)
        case 2 where random.chance(1, in: 3):  // rare: a new object drops the old one's contents
            _ = try doc.putObject(obj: .ROOT, key: random.chance(1, in: 2) ? "m" : "l", ty: random.chance(1, in: 2) ? .Map : .List)
        case 3, 4:
            if let map = try object(doc, "m", .Map) { try doc.put(obj: map, key: key, value: scalar()) }
        case 5:
            if let map = try object(doc, "m", .Map) { try doc.delete(obj: map, key: key) }
        default:
            if let list = try object(doc, "l", .List) { try listEdit(doc, list) }
        }
    }

    private mutating func listEdit(_ doc: Document, _ list: ObjId) throws {
        let length = try doc.length(obj: list)
        switch random.below(5) {
        case 0, 1: try doc.insert(obj: list, index: random.below(length + 1), value: scalar())
        case 2: if length > 0 { try doc.delete(obj: list, index: random.below(length)) }
        case 3: if length > 0 { try doc.put(obj: list, index: random.below(length), value: scalar()) }
        default:
            let item = try doc.insertObject(obj: list, index: random.below(length + 1), ty: .Map)
            try doc.put(obj: item, key: "v", value: scalar())
        }
    }

    private func object(_ doc: Document, _ key: String, _ type: ObjType) throws -> ObjId? {
        guard case .Object(let id, let found) = try doc.get(obj: .ROOT, key: key), found == type else { return nil }
        return id
    }
}

/// Three replicas editing concurrently and syncing now and then, from one seed.
enum CRDTHistory {
    static let actors = [ActorId("a1"), ActorId("b2"), ActorId("c3")]

    /// Runs `steps` random steps: an edit on a random replica, or a merge from another, or a
    /// save-and-reload of a replica (so histories also pass through the bytes).
    static func replicas(seed: UInt64, steps: Int) throws -> [Document] {
        var editor = CRDTRandomEditor(seed: seed)
        let base = Document(actor: ActorId("00"))
        try base.put(obj: .ROOT, key: "title", value: .String("base"))
        var docs = actors.map { base.fork(actor: $0) }
        for _ in 0..<steps {
            let index = editor.random.below(docs.count)
            switch editor.random.below(10) {
            case 0, 1: try docs[index].merge(other: docs[(index + 1 + editor.random.below(2)) % 3])
            case 2: docs[index] = try Document(docs[index].save(), actor: actors[index])
            default: try editor.edit(docs[index])
            }
        }
        return docs
    }

    /// `a` merged with `rest`, in a fresh fork (the inputs stay as they were).
    static func merged(_ a: Document, _ rest: Document...) throws -> Document {
        let result = a.fork(actor: ActorId("ff"))
        for other in rest { try result.merge(other: other) }
        return result
    }
}
