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

/// `SortedKeysJSON` must write exactly `JSONEncoder`'s `.sortedKeys` bytes, or refuse.
final class SortedKeysJSONTests: XCTestCase {
    private func assertSame<T: Encodable>(_ value: T, _ message: String = "", line: UInt = #line) throws {
        let plain = [UInt8](try LocalStore.makeEncoder().encode(value))
        let fast = try SortedKeysJSON.encode(value)
        XCTAssertEqual(String(decoding: fast, as: UTF8.self), String(decoding: plain, as: UTF8.self), message, line: line)
        XCTAssertEqual(fast, plain, message, line: line)
    }

    func testWholeDatasetsMatchJSONEncoder() throws {
        for seed: UInt64 in [1, 2, 3, 4, 5, 6] {
            var db = DatasetGenerator.generate(seed: seed, size: seed.isMultiple(of: 2) ? .default : .small).database
            db.ownerAccountId = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
            var sync = SyncState()
            sync.cursor = 42
            sync.revisions = ["financial_transactions/a": 3, "persons/b": -1, "Z": 0, "a10": 1, "a2": 2]
            sync.outbox = [OutboxChange(changeId: "c1", table: "t", entityId: "e", kind: .update, groups: ["b", "a"])]
            db.sync = sync
            try assertSame(db, "seed \(seed)")
        }
    }

    func testStringsEveryASCIIScalarAndSomeOthers() throws {
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["", "a/b", "\u{7F}", "\u{80}", "é", "e\u{301}", "\u{2028}\u{2029}", "🙂", "\u{FEFF}", "\\\"/", "\u{10FFFF}"]
        for text in texts { try assertSame([text], "\(text.unicodeScalars.map(\.value))") }
        try assertSame(texts)
    }

    func testKeysSortLikeJSONEncoder() throws {
        let keys = ["a", "B", "b", "_", "aa", "a_b", "a1", "a10", "a2", "A", "Z", "z", "é", "e\u{301}", "f", "", " ", "~", "ä", "🙂", "1", "10", "9"]
        var dictionary: [String: Int] = [:]
        for (index, key) in keys.enumerated() { dictionary[key] = index }
        try assertSame(dictionary)
    }

    func testNumbers() throws {
        var random = SimRandom(seed: 9)
        var doubles: [Double] = [0, -0.0, 1, -1, 0.1, 0.2, 0.30000000000000004, 1e-5, 1e-7, 123456789012345680, 1e16, 1e21, 1e22, .leastNonzeroMagnitude,
                                 .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 2.5, 100, 1234.5678]
        for _ in 0..<2000 {
            let bits = random.next()
            let value = Double(bitPattern: bits)
            if value.isFinite { doubles.append(value) }
            doubles.append(Double(Int64(bitPattern: bits) % 1_000_000) / 100)
        }
        try assertSame(doubles)
        try assertSame(doubles.map { Float($0) }.filter(\.isFinite))
        try assertSame([Int64.min, Int64.max, 0, -1])
        try assertSame([UInt64.max])
        try assertSame([Int8.min, Int8.max])
        try assertSame([true, false])
        try assertSame([nil, "x", nil] as [String?])
    }

    func testDataIsBase64() throws {
        try assertSame([Data(), Data([0]), Data([0, 1, 2, 250, 255]), Data((0..<100).map { UInt8($0) })])
    }

    func testUnsupportedShapesAreRefused() {
        struct Nested: Encodable {
            enum Keys: String, CodingKey { case outer, inner }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
                try inner.encode(1, forKey: .inner)
            }
        }
        struct Twice: Encodable {
            enum Keys: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .a)
            }
        }
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        XCTAssertThrowsError(try SortedKeysJSON.encode(Nested()))
        XCTAssertThrowsError(try SortedKeysJSON.encode(Twice()))
        XCTAssertThrowsError(try SortedKeysJSON.encode(Nothing()))
        XCTAssertThrowsError(try SortedKeysJSON.encode([Double.nan]))
        XCTAssertThrowsError(try SortedKeysJSON.encode(URL(string: "https://example.com/a")!))
        XCTAssertThrowsError(try SortedKeysJSON.encode([Decimal(1)]))
    }

    func testStoreEncoderUsesItOnlyForTheStoreEncoderConfiguration() throws {
        XCTAssertTrue(StoreEncoder(encoder: LocalStore.makeEncoder()).sortedKeysJSON)
        let other = LocalStore.makeEncoder()
        other.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let encoder = StoreEncoder(encoder: other)
        XCTAssertFalse(encoder.sortedKeysJSON)
        var db = DatasetGenerator.generate(seed: 2, size: .small).database
        db.persons[0].name = "a/b"
        XCTAssertEqual(try encoder.encode(db), try other.encode(db))
    }
}
