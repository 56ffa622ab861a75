import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
import XCTest

/// Map semantics of the CRDT document, checked against what Automerge does.
final class CRDTMapTests: XCTestCase {
    private let ann = ActorId("a1"), bob = ActorId("b2")

    func testConcurrentPutsKeepBothAndGetReadsTheHighestOpId() throws {
        let a = Document(actor: ann)
        let b = a.fork(actor: bob)
        try a.put(obj: .ROOT, key: "name", value: .String("Work"))
        try b.put(obj: .ROOT, key: "name", value: .String("Personal"))
        try a.merge(other: b)
        try b.merge(other: a)
        // Both ops have counter 1; the actor breaks the tie: "b2" > "a1".
        XCTAssertEqual(try a.get(obj: .ROOT, key: "name"), .Scalar(.String("Personal")))
        XCTAssertEqual(try a.getAll(obj: .ROOT, key: "name"), [.Scalar(.String("Work")), .Scalar(.String("Personal"))])
        XCTAssertTrue(a.equalState(b))
    }

    func testALaterCounterWinsOverAGreaterActor() throws {
        let a = Document(actor: ann)
        let b = a.fork(actor: bob)
        try a.put(obj: .ROOT, key: "x", value: .Int(1))
        try a.put(obj: .ROOT, key: "y", value: .Int(1))
        try a.put(obj: .ROOT, key: "name", value: .String("from a, counter 3"))
        try b.put(obj: .ROOT, key: "name", value: .String("from b, counter 1"))
        try b.merge(other: a)
        XCTAssertEqual(try b.get(obj: .ROOT, key: "name"), .Scalar(.String("from a, counter 3")))
        XCTAssertEqual(try b.getAll(obj: .ROOT, key: "name").count, 2)
    }

    func testAWriteThatSawTheConflictResolvesIt() throws {
        let a = Document(actor: ann)
        let b = a.fork(actor: bob)
        try a.put(obj: .ROOT, key: "k", value: .Int(1))
        try b.put(obj: .ROOT, key: "k", value: .Int(2))
        try a.merge(other: b)
        try a.put(obj: .ROOT, key: "k", value: .Int(3))
        try b.merge(other: a)
        XCTAssertEqual(try b.getAll(obj: .ROOT, key: "k"), [.Scalar(.Int(3))])
    }

    func testPuttingTheSameScalarAgainRecordsNoOperation() throws {
        let doc = Document(actor: ann)
        try doc.put(obj: .ROOT, key: "color", value: .String("#4A90D9"))
        let heads = doc.heads
        try doc.put(obj: .ROOT, key: "color", value: .String("#4A90D9"))
        XCTAssertEqual(doc.operationCount, 1)
        XCTAssertEqual(doc.heads, heads)
        try doc.put(obj: .ROOT, key: "color", value: .Timestamp(0))
        try doc.put(obj: .ROOT, key: "color", value: .Int(0))
        XCTAssertEqual(doc.operationCount, 3, "a different type is a different value")
    }

    func testPuttingOneOfTwoConflictingValuesIsANewOperation() throws {
        let a = Document(actor: ann)
        let b = a.fork(actor: bob)
        try a.put(obj: .ROOT, key: "k", value: .Int(1))
        try b.put(obj: .ROOT, key: "k", value: .Int(2))
        try a.merge(other: b)
        let before = a.operationCount
        try a.put(obj: .ROOT, key: "k", value: .Int(2))
        XCTAssertEqual(a.operationCount, before + 1, "a no-op needs a single current value (automerge: ops.len() == 1)")
        XCTAssertEqual(try a.getAll(obj: .ROOT, key: "k"), [.Scalar(.Int(2))])
    }

    func testDeletingAMissingKeyRecordsNothing() throws {
        let doc = Document(actor: ann)
        try doc.delete(obj: .ROOT, key: "nothing")
        XCTAssertEqual(doc.operationCount, 0)
        XCTAssertEqual(doc.heads, [])
    }

    func testAConcurrentPutSurvivesADelete() throws {
        let a = Document(actor: ann)
        try a.put(obj: .ROOT, key: "comment", value: .String("draft"))
        let b = a.fork(actor: bob)
        try a.delete(obj: .ROOT, key: "comment")
        try b.put(obj: .ROOT, key: "comment", value: .String("final"))
        try a.merge(other: b)
        try b.merge(other: a)
        XCTAssertEqual(try a.get(obj: .ROOT, key: "comment"), .Scalar(.String("final")))
        XCTAssertEqual(try a.getAll(obj: .ROOT, key: "comment").count, 1)
        XCTAssertTrue(a.equalState(b))
    }

    func testPutObjectTwiceMakesANewObjectAndTheOldContentsAreGone() throws {
        let doc = Document(actor: ann)
        let first = try doc.putObject(obj: .ROOT, key: "record", ty: .Map)
        try doc.put(obj: first, key: "comment", value: .String("old"))
        let second = try doc.putObject(obj: .ROOT, key: "record", ty: .Map)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(try doc.get(obj: .ROOT, key: "record"), .Object(second, .Map))
        XCTAssertNil(try doc.get(obj: second, key: "comment"))
        XCTAssertEqual(try doc.keys(obj: second), [])
        XCTAssertEqual(try doc.get(obj: first, key: "comment"), .Scalar(.String("old")), "the old object still exists, unreachable")
    }

    /// The seed's `setImages` deletes the key and puts a new list. Two devices adding an image
    /// concurrently make two new lists; after the merge the key holds both as a conflict and
    /// `get` reads one of them: the other device's image is dropped. This is defect MI-9.
    func testConcurrentSetImagesKeepsOnlyOneDevicesListMI9() throws {
        let a = Document(actor: ann)
        let record = try a.putObject(obj: .ROOT, key: "r1", ty: .Map)
        _ = try a.putObject(obj: record, key: "images", ty: .List)
        let b = a.fork(actor: bob)
        for (doc, image) in [(a, "a.jpg"), (b, "b.jpg")] {
            try doc.delete(obj: record, key: "images")
            let list = try doc.putObject(obj: record, key: "images", ty: .List)
            try doc.insert(obj: list, index: 0, value: .String(image))
        }
        try a.merge(other: b)
        guard case .Object(let winner, .List) = try a.get(obj: record, key: "images") else { return XCTFail("no list") }
        XCTAssertEqual(try a.listValues(obj: winner), [.Scalar(.String("b.jpg"))], "bob's list has the higher op id")
        XCTAssertEqual(try a.getAll(obj: record, key: "images").count, 2, "both lists are there as a conflict")
    }

    func testKeysAreSortedByUTF8Bytes() throws {
        let doc = Document(actor: ann)
        for key in ["b", "Z", "a", "é", "aa"] { try doc.put(obj: .ROOT, key: key, value: .Null) }
        try doc.delete(obj: .ROOT, key: "aa")
        XCTAssertEqual(try doc.keys(obj: .ROOT), ["Z", "a", "b", "é"])
    }

    func testKeysThatDifferOnlyInUnicodeNormalisationStayApart() throws {
        let doc = Document(actor: ann)
        try doc.put(obj: .ROOT, key: "caf\u{E9}", value: .Int(1))
        try doc.put(obj: .ROOT, key: "cafe\u{301}", value: .Int(2))
        XCTAssertEqual(try doc.keys(obj: .ROOT).count, 2)
        try doc.put(obj: .ROOT, key: "k", value: .String("caf\u{E9}"))
        try doc.put(obj: .ROOT, key: "k", value: .String("cafe\u{301}"))
        XCTAssertEqual(doc.operationCount, 4, "a different byte string is a new value")
    }

    func testErrorsForMissingObjectsWrongTypesAndEmptyKeys() throws {
        let doc = Document(actor: ann)
        let list = try doc.putObject(obj: .ROOT, key: "list", ty: .List)
        let missing = ObjId.op(OpId(counter: 99, actor: bob))
        XCTAssertThrowsError(try doc.get(obj: missing, key: "k")) { XCTAssertEqual($0 as? DocumentError, .objectNotFound(missing)) }
        XCTAssertThrowsError(try doc.put(obj: list, key: "k", value: .Null)) {
            XCTAssertEqual($0 as? DocumentError, .wrongObjectType(list, expected: .Map))
        }
        XCTAssertThrowsError(try doc.length(obj: .ROOT)) { XCTAssertEqual($0 as? DocumentError, .wrongObjectType(.root, expected: .List)) }
        XCTAssertThrowsError(try doc.put(obj: .ROOT, key: "", value: .Null)) { XCTAssertEqual($0 as? DocumentError, .emptyKey) }
        XCTAssertEqual(doc.operationCount, 1, "a refused call records nothing")
    }

    func testMergingTwoIndependentlyCreatedDocumentsSharesTheRoot() throws {
        let a = Document(actor: ann), b = Document(actor: bob)
        try a.put(obj: .ROOT, key: "test", value: .String("value1"))
        try b.put(obj: .ROOT, key: "test", value: .String("value2"))
        try a.merge(other: b)
        XCTAssertEqual(try a.getAll(obj: .ROOT, key: "test").count, 2)
    }

    func testTwoDocumentsSharingAnActorAreRefusedOnMerge() throws {
        let a = Document(actor: ann), b = Document(actor: ann)
        try a.put(obj: .ROOT, key: "k", value: .Int(1))
        try b.put(obj: .ROOT, key: "k", value: .Int(2))
        XCTAssertThrowsError(try a.merge(other: b)) { XCTAssertEqual($0 as? DocumentError, .duplicateSequence(actor: ann, seq: 1)) }
    }
}
