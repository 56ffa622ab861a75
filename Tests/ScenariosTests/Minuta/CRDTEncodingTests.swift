import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
import XCTest

/// `save` / `load`: deterministic bytes that keep the history; bad bytes are a clear error.
final class CRDTEncodingTests: XCTestCase {
    private let ann = ActorId("a1"), bob = ActorId("b2")

    private func smallDocument() throws -> Document {
        let a = Document(actor: ann)
        let record = try a.putObject(obj: .ROOT, key: "r1", ty: .Map)
        try a.put(obj: record, key: "startTime", value: .Timestamp(1_704_067_200_123))
        try a.put(obj: record, key: "comment", value: .String("Réunion ✓"))
        let b = a.fork(actor: bob)
        let images = try b.putObject(obj: record, key: "images", ty: .List)
        try b.insert(obj: images, index: 0, value: .String("b.jpg"))
        try a.put(obj: record, key: "isArchived", value: .Boolean(false))
        try a.put(obj: record, key: "count", value: .Int(-3))
        try a.put(obj: record, key: "endTime", value: .Null)
        try a.merge(other: b)
        return a
    }

    func testLoadOfSaveAfterMergesKeepsStateHeadsAndHistory() throws {
        let doc = try smallDocument()
        let loaded = try Document(doc.save(), actor: ActorId("c3"))
        XCTAssertTrue(loaded.equalState(doc))
        XCTAssertEqual(loaded.heads, doc.heads)
        XCTAssertEqual(loaded.changes(), doc.changes())
        XCTAssertEqual(loaded.heads.count, 2, "two concurrent branches stay two heads")
    }

    func testALoadedDocumentKeepsEditingAndMergingUnderItsOwnActor() throws {
        let doc = try smallDocument()
        let again = try Document(doc.save(), actor: ann)  // the same device reloading its own file
        try again.put(obj: .ROOT, key: "later", value: .Int(1))
        try doc.merge(other: again)
        XCTAssertEqual(try doc.get(obj: .ROOT, key: "later"), .Scalar(.Int(1)))
    }

    func testSavingTheSameChangesReceivedInDifferentOrdersGivesTheSameBytes() throws {
        let a = Document(actor: ann), b = Document(actor: bob)
        try a.put(obj: .ROOT, key: "k", value: .Int(1))
        try b.put(obj: .ROOT, key: "k", value: .Int(2))
        let ab = a.fork(actor: ActorId("c3")), ba = b.fork(actor: ActorId("d4"))
        try ab.merge(other: b)
        try ba.merge(other: a)
        XCTAssertEqual(ab.save(), ba.save())
    }

    func testAnEmptyDocumentRoundTrips() throws {
        let bytes = Document(actor: ann).save()
        let loaded = try Document(bytes, actor: bob)
        XCTAssertEqual(try loaded.keys(obj: .ROOT), [])
        XCTAssertEqual(loaded.heads, [])
    }

    func testFlippingAnyBitOfAnyByteIsAnErrorNotACrash() throws {
        let bytes = try smallDocument().save()
        for position in bytes.indices {
            for bit in [0, 3, 7] {
                var damaged = bytes
                damaged[position] ^= UInt8(1 << bit)
                XCTAssertThrowsError(try Document(damaged, actor: bob), "byte \(position) bit \(bit)") { error in
                    XCTAssertNotNil(error as? DocumentError)
                }
            }
        }
    }

    func testEveryTruncationIsAnErrorNotACrash() throws {
        let bytes = try smallDocument().save()
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try Document(Array(bytes[0..<length]), actor: bob), "length \(length)")
        }
        XCTAssertThrowsError(try Document(bytes + [0], actor: bob), "a trailing byte")
    }

    /// Past the checksum: damage the body, then fix the checksum up so the decoder itself sees
    /// the damage. It must refuse the bytes or load a document, never trap.
    func testDamagedBodiesWithAValidChecksumNeverCrashTheDecoder() throws {
        let bytes = try smallDocument().save()
        var loadedAnyway = 0
        for position in 5..<(bytes.count - DocumentEncoding.checksumLength) {
            for delta: UInt8 in [1, 0x80, 0xff] {
                var body = Array(bytes[0..<(bytes.count - DocumentEncoding.checksumLength)])
                body[position] &+= delta
                var writer = ByteWriter()
                writer.raw(body)
                writer.hash(ChangeHash(of: body))
                if let doc = try? Document(writer.bytes, actor: bob) {
                    loadedAnyway += 1
                    XCTAssertEqual(try Document(doc.save(), actor: bob).visibleSnapshot(), doc.visibleSnapshot())
                }
            }
        }
        XCTAssertLessThan(loadedAnyway, bytes.count, "most damage is caught by the decoder itself")
    }

    func testGarbageAndOtherFormatsAreRefusedWithAReason() {
        for garbage: [UInt8] in [[], [0x85, 0x6f, 0x4a, 0x83], Array("{\"json\": true}".utf8), [UInt8](repeating: 0xff, count: 64)] {
            XCTAssertThrowsError(try Document(garbage, actor: bob)) { error in
                guard case .corrupt(let reason) = error as? DocumentError else { return XCTFail("\(error)") }
                XCTAssertFalse(reason.isEmpty)
            }
        }
    }

    func testLoadRefusesAHistoryWithAMissingChange() throws {
        let doc = Document(actor: ann)
        try doc.put(obj: .ROOT, key: "k", value: .Int(1))
        try doc.put(obj: .ROOT, key: "k", value: .Int(2))
        _ = doc.heads
        try doc.put(obj: .ROOT, key: "k", value: .Int(3))
        let last = doc.changes().last!
        XCTAssertThrowsError(try Document(DocumentEncoding.encode([last]), actor: bob)) {
            XCTAssertEqual($0 as? DocumentError, .missingDependencies(count: 1))
        }
    }

    func testChangeHashesAreStableAcrossProcesses() {
        // FNV-1a-128 of "" is the offset basis; of "a" the published test vector.
        XCTAssertEqual(ChangeHash(of: []).description, "6c62272e07bb014262b821756295c58d")
        XCTAssertEqual(ChangeHash(of: Array("a".utf8)).description, "d228cb696f1a8caf78912b704e4a8964")
    }
}
