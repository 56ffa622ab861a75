import Foundation
import XCTest
import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim

/// `StoreEncoder` must give exactly `LocalStore.encode`'s bytes, whatever changed since its last
/// encode, while reusing the bytes of records that did not change.
final class StoreEncoderTests: XCTestCase {
    func testEverySaveOfAMigrationLikeSequenceMatchesAPlainEncode() throws {
        for seed: UInt64 in [1, 2, 3] {
            let dataset = DatasetGenerator.generate(seed: seed)
            let encoder = StoreEncoder(encoder: LocalStore.makeEncoder())
            var db = dataset.database
            try assertSameBytes(encoder, db)  // first save: nothing to reuse
            db.ownerAccountId = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
            try assertSameBytes(encoder, db)  // only a scalar changed
            db = IdentityRemap.apply(from: dataset.currentUserId, to: "ffffffff-0000-4000-8000-000000000000", in: db)
            try assertSameBytes(encoder, db)  // many records rewritten
            db.transactions[3].amount = -0.0
            db.transactions[4].title = "Cafe\u{301}"
            db.persons.removeLast()
            db.chatMessages = []
            try assertSameBytes(encoder, db)
            db.transactions[3].amount = 0.0
            db.transactions[4].title = "Caf\u{E9}"  // == the previous title, encodes differently
            db.persons.append(db.persons[0])
            try assertSameBytes(encoder, db)
            try assertSameBytes(encoder, db)  // nothing changed
            try assertSameBytes(encoder, LocalDatabase())  // everything removed
        }
    }

    func testAnUnsupportedShapeFallsBackToAPlainEncode() throws {
        struct Wrapped: Encodable {
            let items: [Int]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(items)
            }
        }
        struct Nested: Encodable {
            enum Keys: String, CodingKey { case outer, inner }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
                try inner.encode([1, 2], forKey: .inner)
            }
        }
        struct Fake: Encodable {  // a scalar that looks like an array marker
            let note = "\u{1}store-encoder-array-1\u{1}"
            let list = [1, 2, 3]
        }
        let plain = LocalStore.makeEncoder()
        let encoder = StoreEncoder(encoder: LocalStore.makeEncoder())
        XCTAssertEqual(try encoder.encode(Wrapped(items: [1, 2])), try plain.encode(Wrapped(items: [1, 2])))
        XCTAssertEqual(try encoder.encode(Nested()), try plain.encode(Nested()))
        XCTAssertEqual(try encoder.encode(Fake()), try plain.encode(Fake()))
    }

    func testUnchangedRecordsAreNotEncodedAgain() throws {
        let encoder = StoreEncoder(encoder: LocalStore.makeEncoder())
        var db = DatasetGenerator.generate(seed: 5, size: .small).database
        let records = db.persons.count + db.transactions.count + db.groups.count + db.settlements.count
        _ = try encoder.encode(db)
        XCTAssertGreaterThanOrEqual(encoder.elementsEncodedLast ?? 0, records)
        db.ownerAccountId = "someone"
        XCTAssertEqual(try encoder.encode(db), try LocalStore.encode(db))
        XCTAssertEqual(encoder.elementsEncodedLast, 0)
        // Changing one transaction copies the transactions' storage (the encoder holds the old
        // one): the copies' fields compare bit for bit, their padding is not compared.
        db.transactions[0].note = "changed"
        XCTAssertEqual(try encoder.encode(db), try LocalStore.encode(db))
        XCTAssertEqual(encoder.elementsEncodedLast, 1)
        // A page of pulled records appended: only they are encoded.
        db.transactions += db.transactions.prefix(3).map { var copy = $0; copy.id = (copy.id ?? "") + "-new"; return copy }
        XCTAssertEqual(try encoder.encode(db), try LocalStore.encode(db))
        XCTAssertEqual(encoder.elementsEncodedLast, 3)
    }

    func testStoredFieldBytesLeaveThePaddingOut() {
        struct Padded { var flag: Bool; var count: Int64?; var name: String }
        // flag at 0 (1 byte), count at 8 (9 bytes with its tag), name at 24 (16 bytes).
        XCTAssertEqual(StoredFieldBytes.ranges(of: Padded.self), [0..<1, 8..<17, 24..<40])
        XCTAssertEqual(StoredFieldBytes.ranges(of: Int.self), [0..<8], "no fields described: the whole value")
        let transaction = StoredFieldBytes.ranges(of: FinancialTransaction.self)
        XCTAssertLessThan(transaction.reduce(0) { $0 + $1.count }, MemoryLayout<FinancialTransaction>.size,
                          "a transaction has padding (after its optional date), left out")
    }

    private func assertSameBytes(_ encoder: StoreEncoder, _ db: LocalDatabase, line: UInt = #line) throws {
        let fast = try encoder.encode(db)
        let plain = try LocalStore.encode(db)
        XCTAssertEqual(fast, plain, "spliced bytes differ from a plain encode", line: line)
    }
}

/// Cutting an encoded array into its elements.
final class JSONArrayCutsTests: XCTestCase {
    func testCutsAtTopLevelCommasOnly() {
        let text = #"[{"a":[1,2],"b":"x,\"]}"},3,"q\\",[],{}]"#
        let bytes = Array(text.utf8)
        let pieces = JSONArrayCuts.elementRanges(of: bytes)?.map { String(decoding: bytes[$0], as: UTF8.self) }
        XCTAssertEqual(pieces, [#"{"a":[1,2],"b":"x,\"]}"}"#, "3", #""q\\""#, "[]", "{}"])
    }

    func testEmptyAndMalformedArrays() {
        XCTAssertEqual(JSONArrayCuts.elementRanges(of: Array("[]".utf8)), [])
        XCTAssertNil(JSONArrayCuts.elementRanges(of: Array("{}".utf8)))
        XCTAssertNil(JSONArrayCuts.elementRanges(of: Array(#"["a]"#.utf8)))
        XCTAssertNil(JSONArrayCuts.elementRanges(of: Array("[1]]".utf8)))
    }
}
