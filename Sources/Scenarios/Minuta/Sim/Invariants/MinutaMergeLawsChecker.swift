import AppPorts
import CRDT
import SimCore
import SimHarness

/// merge-laws, on the documents the run really produced (every version of every document seen
/// on any device while it was live, conflict copies included): merge is commutative,
/// associative and idempotent, `load(save(d))` reads the same as `d`, every version loads and
/// merging two versions never throws (a document that cannot take another version's changes
/// keeps its conflict copy forever). The folder fake writes files whole and never corrupts one,
/// so bytes that do not load were saved that way by an app.
struct MinutaMergeLawsChecker: InvariantChecker {
    let name = "merge-laws"
    /// The merge under test (the CRDT's; a test passes a broken one to see the checker fire).
    var merge: (Document, Document) throws -> Void = { try $0.merge(other: $1) }

    func check(_ world: MinutaWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for path in world.liveDocuments.keys.sorted() {
            let loaded = world.liveDocuments[path]!.map(MinutaWorld.document)
            if let unloadable = loaded.firstIndex(where: { $0 == nil }) {
                diffs.append(EntityDiff(entity: "\(path) load", location: "live documents", expected: "every version loads",
                                        actual: "version \(unloadable) of \(loaded.count) does not"))
            }
            diffs += laws(loaded.compactMap { $0 }, path)
        }
        return ViolationReport.of(name, diffs) { "\($0) merge-law failures on live documents" }
    }

    func laws(_ versions: [Document], _ path: String) -> [EntityDiff] {
        var diffs: [EntityDiff] = []
        func fail(_ law: String, _ detail: String, expected: String = "equal state") {
            diffs.append(EntityDiff(entity: "\(path) \(law)", location: "live documents", expected: expected, actual: detail))
        }
        var thrown = false
        func merged(_ parts: [Document]) -> Document? {
            guard let first = parts.first else { return nil }
            let result = first.fork(actor: ActorId("c0ffee"))
            for part in parts.dropFirst() {
                do { try merge(result, part) } catch {
                    if !thrown { fail("merge", "throws: \(error)", expected: "merges") }  // once per document
                    thrown = true
                    return nil
                }
            }
            return result
        }
        for (i, a) in versions.enumerated() {
            if let reloaded = MinutaWorld.document(a.save()), !reloaded.equalState(a) { fail("load(save(d))", "version \(i) differs") }
            if let twice = merged([a, a]), !twice.equalState(a) { fail("idempotence", "merge(v\(i), v\(i)) ≠ v\(i)") }
            for (j, b) in versions.enumerated() where j > i {
                if let ab = merged([a, b]), let ba = merged([b, a]), !ab.equalState(ba) { fail("commutativity", "v\(i)·v\(j) ≠ v\(j)·v\(i)") }
            }
        }
        if versions.count >= 3, let v01 = merged([versions[0], versions[1]]), let v12 = merged([versions[1], versions[2]]),
           let left = merged([v01, versions[2]]), let right = merged([versions[0], v12]), !left.equalState(right) {
            fail("associativity", "(v0·v1)·v2 ≠ v0·(v1·v2)")
        }
        return diffs
    }
}
