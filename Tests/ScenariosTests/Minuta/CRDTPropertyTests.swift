import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
import SimCore
import XCTest

/// Properties over random concurrent histories of three replicas (seeded, so a failure
/// reproduces): merge is commutative, associative and idempotent; save/load is the identity;
/// replicas that received the same changes in any order read the same state.
final class CRDTPropertyTests: XCTestCase {
    private let seeds: ClosedRange<UInt64> = 1...60
    private let steps = 80

    func testMergeIsCommutative() throws {
        for seed in seeds {
            let docs = try CRDTHistory.replicas(seed: seed, steps: steps)
            let ab = try CRDTHistory.merged(docs[0], docs[1]), ba = try CRDTHistory.merged(docs[1], docs[0])
            XCTAssertEqual(ab.visibleSnapshot(), ba.visibleSnapshot(), "seed \(seed)")
            XCTAssertEqual(ab.heads, ba.heads, "seed \(seed)")
        }
    }

    func testMergeIsAssociative() throws {
        for seed in seeds {
            let d = try CRDTHistory.replicas(seed: seed, steps: steps)
            let left = try CRDTHistory.merged(try CRDTHistory.merged(d[0], d[1]), d[2])
            let right = try CRDTHistory.merged(d[0], try CRDTHistory.merged(d[1], d[2]))
            XCTAssertEqual(left.visibleSnapshot(), right.visibleSnapshot(), "seed \(seed)")
            XCTAssertEqual(left.heads, right.heads, "seed \(seed)")
        }
    }

    func testMergeIsIdempotent() throws {
        for seed in seeds {
            let d = try CRDTHistory.replicas(seed: seed, steps: steps)
            let snapshot = d[0].visibleSnapshot(), heads = d[0].heads
            try d[0].merge(other: d[0])
            XCTAssertEqual(d[0].visibleSnapshot(), snapshot, "seed \(seed)")
            let ab = try CRDTHistory.merged(d[0], d[1])
            let abb = try CRDTHistory.merged(ab, d[1], d[0])
            XCTAssertEqual(abb.visibleSnapshot(), ab.visibleSnapshot(), "seed \(seed)")
            XCTAssertEqual(abb.heads, ab.heads, "seed \(seed)")
            XCTAssertEqual(d[0].heads, heads)
        }
    }

    func testLoadOfSaveIsTheSameDocument() throws {
        for seed in seeds {
            for doc in try CRDTHistory.replicas(seed: seed, steps: steps) {
                let bytes = doc.save()
                let loaded = try Document(bytes, actor: ActorId("ee"))
                XCTAssertEqual(loaded.visibleSnapshot(), doc.visibleSnapshot(), "seed \(seed)")
                XCTAssertEqual(loaded.heads, doc.heads, "seed \(seed)")
                XCTAssertEqual(loaded.save(), bytes, "seed \(seed): save is deterministic")
            }
        }
    }

    func testReplicasThatReceivedTheSameChangesInAnyOrderConverge() throws {
        for seed in seeds {
            let docs = try CRDTHistory.replicas(seed: seed, steps: steps)
            let all = try CRDTHistory.merged(docs[0], docs[1], docs[2])
            var random = SimRandom(seed: seed).fork("delivery")
            for replica in 0..<3 {
                var changes = all.changes()
                random.shuffle(&changes)
                let fresh = Document(actor: ActorId("d\(replica)"))
                for change in changes { try fresh.apply(changes: [change]) }  // one at a time: out-of-order ones wait
                XCTAssertEqual(fresh.queuedChangeCount, 0, "seed \(seed)")
                XCTAssertEqual(fresh.visibleSnapshot(), all.visibleSnapshot(), "seed \(seed)")
                XCTAssertEqual(fresh.heads, all.heads, "seed \(seed)")
                XCTAssertEqual(fresh.save(), all.save(), "seed \(seed): same changes, same bytes")
            }
        }
    }

    func testPairwiseSyncInRandomOrderConverges() throws {
        for seed in seeds {
            let docs = try CRDTHistory.replicas(seed: seed, steps: steps)
            var random = SimRandom(seed: seed).fork("gossip")
            for _ in 0..<12 {
                let from = random.below(3), to = random.below(3)
                try docs[to].merge(other: docs[from])
            }
            for index in [0, 1, 2, 0, 1] { try docs[(index + 1) % 3].merge(other: docs[index]) }  // a full ring, twice
            XCTAssertEqual(docs[0].visibleSnapshot(), docs[1].visibleSnapshot(), "seed \(seed)")
            XCTAssertEqual(docs[1].visibleSnapshot(), docs[2].visibleSnapshot(), "seed \(seed)")
            XCTAssertTrue(docs[0].equalState(docs[2]))
        }
    }

    func testTheHistoriesReallyHaveConflictsAndConcurrentListInserts() throws {
        var conflicts = 0, listElements = 0
        for seed in seeds {
            let docs = try CRDTHistory.replicas(seed: seed, steps: steps)
            let all = try CRDTHistory.merged(docs[0], docs[1], docs[2])
            conflicts += all.visibleSnapshot().filter { $0.contains(" | ") }.count
            if case .Object(let list, .List) = try all.get(obj: .ROOT, key: "l") { listElements += Int(try all.length(obj: list)) }
        }
        XCTAssertGreaterThan(conflicts, 20, "the generator must produce concurrent writes")
        XCTAssertGreaterThan(listElements, 50)
    }
}
