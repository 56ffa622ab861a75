import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
import XCTest

/// Changes: lazy commits, dependencies, heads, and delivery out of causal order.
final class CRDTChangeTests: XCTestCase {
    private let ann = ActorId("a1"), bob = ActorId("b2")

    func testLocalEditsAreCommittedLazilyIntoOneChangeOnTheHeads() throws {
        let doc = Document(actor: ann)
        try doc.put(obj: .ROOT, key: "a", value: .Int(1))
        try doc.put(obj: .ROOT, key: "b", value: .Int(2))
        let first = doc.heads
        try doc.put(obj: .ROOT, key: "c", value: .Int(3))
        let changes = doc.changes()
        XCTAssertEqual(changes.count, 2)
        XCTAssertEqual(changes[0].operationCount, 2)
        XCTAssertEqual(changes[1].deps, first)
        XCTAssertEqual(changes.map(\.seq), [1, 2])
        XCTAssertEqual(changes[1].startOp, 3, "op counters continue across changes")
        XCTAssertEqual(doc.heads, [changes[1].hash])
    }

    func testConcurrentChangesAreTwoHeadsUntilAChangeDependsOnBoth() throws {
        let a = Document(actor: ann)
        try a.put(obj: .ROOT, key: "k", value: .Int(0))
        let b = a.fork(actor: bob)
        try a.put(obj: .ROOT, key: "x", value: .Int(1))
        try b.put(obj: .ROOT, key: "y", value: .Int(2))
        try a.merge(other: b)
        XCTAssertEqual(a.heads.count, 2)
        try a.put(obj: .ROOT, key: "z", value: .Int(3))
        XCTAssertEqual(a.heads.count, 1)
        XCTAssertEqual(a.changes().last?.deps.count, 2)
    }

    func testAChangeThatArrivesBeforeItsDependencyWaitsThenApplies() throws {
        let a = Document(actor: ann)
        try a.put(obj: .ROOT, key: "k", value: .Int(1))
        _ = a.heads
        try a.put(obj: .ROOT, key: "k", value: .Int(2))
        let changes = a.changes()
        let b = Document(actor: bob)
        try b.apply(changes: [changes[1]])
        XCTAssertEqual(b.queuedChangeCount, 1)
        XCTAssertNil(try b.get(obj: .ROOT, key: "k"), "nothing applies before its dependency")
        XCTAssertEqual(b.heads, [])
        try b.apply(changes: [changes[0]])
        XCTAssertEqual(b.queuedChangeCount, 0)
        XCTAssertEqual(try b.get(obj: .ROOT, key: "k"), .Scalar(.Int(2)))
        XCTAssertEqual(b.heads, a.heads)
    }

    func testApplyingKnownChangesAgainChangesNothing() throws {
        let a = Document(actor: ann)
        try a.put(obj: .ROOT, key: "k", value: .Int(1))
        let b = a.fork(actor: bob)
        try b.apply(changes: a.changes() + a.changes())
        XCTAssertTrue(a.equalState(b))
        XCTAssertEqual(b.changes().count, 1)
    }

    func testAChangeHasTheSameHashOnEveryReplica() throws {
        let a = Document(actor: ann)
        try a.put(obj: .ROOT, key: "k", value: .String("v"))
        let b = Document(actor: bob)
        try b.merge(other: a)
        let c = try Document(b.save(), actor: ActorId("c3"))
        XCTAssertEqual(a.heads, b.heads)
        XCTAssertEqual(b.heads, c.heads)
    }

    func testMergeCommitsTheOtherDocumentsPendingEdits() throws {
        let a = Document(actor: ann), b = Document(actor: bob)
        try b.put(obj: .ROOT, key: "k", value: .Int(1))
        try a.merge(other: b)
        XCTAssertEqual(try a.get(obj: .ROOT, key: "k"), .Scalar(.Int(1)))
        XCTAssertEqual(a.heads, b.heads)
    }
}
