import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
import XCTest

/// List (RGA) semantics of the CRDT document.
final class CRDTListTests: XCTestCase {
    private let ann = ActorId("a1"), bob = ActorId("b2"), cid = ActorId("c3")

    private func strings(_ doc: Document, _ list: ObjId) throws -> [String] {
        try doc.listValues(obj: list).map { value -> String in
            guard case .Scalar(.String(let text)) = value else { return "?" }
            return text
        }
    }

    private func listDocument() throws -> (Document, ObjId) {
        let doc = Document(actor: ann)
        let list = try doc.putObject(obj: .ROOT, key: "images", ty: .List)
        return (doc, list)
    }

    func testInsertGetLengthDeleteAndPut() throws {
        let (doc, list) = try listDocument()
        try doc.insert(obj: list, index: 0, value: .String("b"))
        try doc.insert(obj: list, index: 0, value: .String("a"))
        try doc.insert(obj: list, index: 2, value: .String("d"))
        try doc.insert(obj: list, index: 2, value: .String("c"))
        XCTAssertEqual(try strings(doc, list), ["a", "b", "c", "d"])
        try doc.delete(obj: list, index: 1)
        try doc.put(obj: list, index: 0, value: .String("A"))
        XCTAssertEqual(try strings(doc, list), ["A", "c", "d"])
        XCTAssertEqual(try doc.length(obj: list), 3)
        XCTAssertEqual(try doc.get(obj: list, index: 2), .Scalar(.String("d")))
        XCTAssertNil(try doc.get(obj: list, index: 3), "past the end reads nil, as automerge's get")
    }

    func testOutOfRangeIndexesThrow() throws {
        let (doc, list) = try listDocument()
        try doc.insert(obj: list, index: 0, value: .Null)
        XCTAssertThrowsError(try doc.insert(obj: list, index: 2, value: .Null)) {
            XCTAssertEqual($0 as? DocumentError, .indexOutOfRange(index: 2, length: 1))
        }
        XCTAssertThrowsError(try doc.delete(obj: list, index: 1))
        XCTAssertThrowsError(try doc.put(obj: list, index: 1, value: .Null))
        XCTAssertThrowsError(try doc.get(obj: list, key: "k"))
    }

    func testConcurrentInsertsAtTheSameIndexBothSurviveInDescendingOpIdOrder() throws {
        let (a, list) = try listDocument()
        try a.insert(obj: list, index: 0, value: .String("x"))
        let b = a.fork(actor: bob), c = a.fork(actor: cid)
        try a.insert(obj: list, index: 1, value: .String("from a"))
        try b.insert(obj: list, index: 1, value: .String("from b"))
        try c.insert(obj: list, index: 1, value: .String("from c"))
        try a.merge(other: b); try a.merge(other: c)
        try c.merge(other: b); try c.merge(other: a)
        // Equal counters: the greater actor's element comes first.
        XCTAssertEqual(try strings(a, list), ["x", "from c", "from b", "from a"])
        XCTAssertTrue(a.equalState(c))
    }

    func testConcurrentRunsAtTheSamePositionDoNotInterleave() throws {
        let (a, list) = try listDocument()
        let b = a.fork(actor: bob)
        for (index, text) in ["a1", "a2", "a3"].enumerated() { try a.insert(obj: list, index: UInt64(index), value: .String(text)) }
        for (index, text) in ["b1", "b2"].enumerated() { try b.insert(obj: list, index: UInt64(index), value: .String(text)) }
        try a.merge(other: b); try b.merge(other: a)
        XCTAssertEqual(try strings(a, list), ["b1", "b2", "a1", "a2", "a3"])
        XCTAssertEqual(try strings(b, list), try strings(a, list))
    }

    func testInsertAfterAnElementDeletedConcurrentlyKeepsItsPlace() throws {
        let (a, list) = try listDocument()
        for (index, text) in ["p", "q", "r"].enumerated() { try a.insert(obj: list, index: UInt64(index), value: .String(text)) }
        let b = a.fork(actor: bob)
        try a.delete(obj: list, index: 1)
        try b.insert(obj: list, index: 2, value: .String("after q"))
        try a.merge(other: b); try b.merge(other: a)
        XCTAssertEqual(try strings(a, list), ["p", "after q", "r"])
        XCTAssertTrue(a.equalState(b))
    }

    func testAConcurrentPutOnAnElementSurvivesItsDeletion() throws {
        let (a, list) = try listDocument()
        try a.insert(obj: list, index: 0, value: .String("old"))
        let b = a.fork(actor: bob)
        try a.delete(obj: list, index: 0)
        try b.put(obj: list, index: 0, value: .String("new"))
        try a.merge(other: b); try b.merge(other: a)
        XCTAssertEqual(try strings(a, list), ["new"])
        XCTAssertTrue(a.equalState(b))
    }

    func testConcurrentDeletesOfOneElementRemoveItOnce() throws {
        let (a, list) = try listDocument()
        for (index, text) in ["p", "q"].enumerated() { try a.insert(obj: list, index: UInt64(index), value: .String(text)) }
        let b = a.fork(actor: bob)
        try a.delete(obj: list, index: 0)
        try b.delete(obj: list, index: 0)
        try a.merge(other: b)
        XCTAssertEqual(try strings(a, list), ["q"])
        XCTAssertEqual(try a.length(obj: list), 1)
    }

    func testNestedMapsInsideAList() throws {
        let (a, list) = try listDocument()
        let item = try a.insertObject(obj: list, index: 0, ty: .Map)
        try a.put(obj: item, key: "name", value: .String("first"))
        let b = a.fork(actor: bob)
        try b.put(obj: item, key: "done", value: .Boolean(true))
        try a.merge(other: b)
        XCTAssertEqual(try a.get(obj: list, index: 0), .Object(item, .Map))
        XCTAssertEqual(try a.keys(obj: item), ["done", "name"])
    }
}
