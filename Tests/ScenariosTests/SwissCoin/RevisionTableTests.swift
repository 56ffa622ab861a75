import Foundation
import XCTest
@testable import SwissCoin

/// `RevisionTable` must behave as the `[String: Int64]` it replaced, on disk and in memory.
final class RevisionTableTests: XCTestCase {
    /// A deterministic mix of inserts, updates and removals, mirrored in a dictionary.
    private func randomEdits(_ count: Int) -> (RevisionTable, [String: Int64]) {
        var table = RevisionTable(), dictionary: [String: Int64] = [:]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for step in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let key = ["persons/", "financial_transactions/", "groups/", "Z", "a"][Int(state >> 60) % 5] + String((state >> 52) % 97)
            let revision: Int64? = (state >> 33) % 4 == 0 ? nil : Int64(step) - 50
            table[key] = revision
            dictionary[key] = revision
        }
        return (table, dictionary)
    }

    func testLookupsAndCountFollowADictionaryThroughInsertsUpdatesAndRemovals() {
        let (table, dictionary) = randomEdits(2_000)
        XCTAssertGreaterThan(dictionary.count, 10)
        XCTAssertEqual(table.count, dictionary.count)
        for (key, revision) in dictionary { XCTAssertEqual(table[key], revision, key) }
        XCTAssertNil(table["persons/absent"])
        XCTAssertEqual(table.entries.map(\.key), dictionary.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    func testRemovingAKeyAndSettingAnAbsentKeyToNil() {
        var table: RevisionTable = ["b": 2, "a": 1]
        table["c"] = nil
        XCTAssertEqual(table.count, 2)
        table["a"] = nil
        XCTAssertEqual(table.entries.map(\.key), ["b"])
        XCTAssertNil(table["a"])
    }

    func testBytesEqualADictionarysUnderSortedKeysBothWays() throws {
        let (table, dictionary) = randomEdits(500)
        let expected = try LocalStore.makeEncoder().encode(dictionary)
        XCTAssertEqual(try SortedKeysJSON.encode(table), [UInt8](expected))
        XCTAssertEqual(try LocalStore.makeEncoder().encode(table), expected)
        XCTAssertEqual(try LocalStore.makeEncoder().encode(RevisionTable()), try LocalStore.makeEncoder().encode([String: Int64]()))
        let decoded = try JSONDecoder().decode(RevisionTable.self, from: expected)
        XCTAssertEqual(decoded, table)
    }
}

/// `StoreEncoder.occurrences` finds every needle's starts in one pass, as separate searches would.
final class StoreEncoderOccurrencesTests: XCTestCase {
    private func naive(_ needle: [UInt8], _ haystack: [UInt8]) -> [Int] {
        guard needle.count <= haystack.count else { return [] }
        return (0...(haystack.count - needle.count)).filter { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    func testOnePassFindsWhatOneSearchPerNeedleFinds() {
        let haystack = Array("xx\"m-1\",\"m-2\"m-1m-10\"m-3 ab abab".utf8)
        for needles in [["\"m-1", "\"m-2", "\"m-3", "m-10"], ["ab", "b", "abab"], ["zz"], ["x"]] {
            let bytes = needles.map { Array($0.utf8) }
            XCTAssertEqual(StoreEncoder.occurrences(of: bytes, in: haystack), bytes.map { naive($0, haystack) }, "\(needles)")
        }
        XCTAssertEqual(StoreEncoder.occurrences(of: [Array("long".utf8)], in: Array("lo".utf8)), [[]])
    }
}
