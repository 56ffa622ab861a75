import XCTest
import SimCore
import AppPorts
@testable import CRDT
@testable import Minuta
import Scenarios
@testable import SimHarness
@testable import SwissCoin
@testable import SwissCoinSim

final class SwissCoinValueTests: XCTestCase {
    func testEveryDefectNameRoundTripsAndUnknownNameListsValidNames() throws {
        for defect in SwissCoinDefect.allCases {
            let variant = try SwissCoinVariant.parse(defect.name)
            XCTAssertEqual(variant.defects, [defect])
            XCTAssertEqual(variant.name, defect.name)
            XCTAssertFalse(defect.summary.isEmpty)
            // The plan's defects point at seed lines; the sync engine's are ours and not in `seed`.
            XCTAssertTrue(defect.isSyncDefect ? defect.seedLines.hasPrefix("none") : defect.seedLines.hasPrefix("l."), defect.name)
            XCTAssertEqual(SwissCoinVariant.asWritten.has(defect), !defect.isSyncDefect, defect.name)
        }
        XCTAssertEqual(try SwissCoinVariant.parse("fixed"), .fixed)
        XCTAssertEqual(try SwissCoinVariant.parse("as-written"), .asWritten)
        XCTAssertEqual(try SwissCoinVariant.parse("seed"), .asWritten, "the old name stays an alias")
        XCTAssertEqual(SwissCoinVariant.asWritten.name, "as-written")
        XCTAssertEqual(try SwissCoinVariant.parse("split-fresh-uuid+payer-fresh-uuid").defects, [.splitFreshUUID, .payerFreshUUID])
        XCTAssertThrowsError(try SwissCoinVariant.parse("split-fresh")) { error in
            guard case VariantError.unknownName(let name, let valid) = error else { return XCTFail() }
            XCTAssertEqual(name, "split-fresh")
            XCTAssertEqual(valid, SwissCoinVariant.validNames)
            XCTAssertTrue("\(error)".contains("global-completion-flag"))
        }
    }

    func testLocalStoreRoundTripIsByteStable() throws {
        let files = MemoryFiles()
        let store = LocalStore(files: files)
        let database = DatasetGenerator.generate(seed: 11, size: .small).database
        try store.save(database)
        let first = files.files[store.path]!
        let loaded = try store.load()
        XCTAssertEqual(loaded, database)
        try store.save(loaded)
        XCTAssertEqual(files.files[store.path]!, first)
    }

    /// On a simulated device a save keeps the database in the file: loading it back reads no
    /// bytes, and the bytes, when someone reads them, are exactly what an eager save writes.
    func testADeferredSaveLoadsWithoutBytesAndReadsAsTheEagerBytes() throws {
        var database = DatasetGenerator.generate(seed: 11, size: .small).database
        let eager = MemoryFiles()
        let files = DeferringMemoryFiles()
        let store = LocalStore(files: files)
        for round in 0..<3 {
            try store.save(database)
            XCTAssertEqual(try store.load(), database)
            XCTAssertEqual(files.made, round, "loading its own save read no bytes")
            try LocalStore(files: eager).save(database)
            XCTAssertEqual(try files.read(path: store.path), eager.files[store.path], "round \(round): the bytes an eager save writes")
            XCTAssertEqual(try files.read(path: store.path), try LocalStore.encode(database))
            XCTAssertEqual(try store.load(), database, "a read of the bytes keeps the save")
            database.persons.removeLast()
        }
        // Another writer's bytes replace the save: the next load decodes them.
        let other = DatasetGenerator.generate(seed: 12, size: .small).database
        try files.write(path: store.path, data: try LocalStore.encode(other))
        XCTAssertEqual(try store.load(), other)
        // A new store on the same cache (an app relaunched) finds the kept database too.
        let cache = LocalStoreCache()
        try LocalStore(files: files, cache: cache).save(database)
        let before = files.made
        XCTAssertEqual(try LocalStore(files: files, cache: cache).load(), database)
        XCTAssertEqual(files.made, before)
    }

    func testDatesAsInstantsAndAsCalendarDays() {
        let ms: Int64 = 1_740_751_200_000  // 2025-02-28T14:00:00Z = 2025-03-01 00:00 in UTC+10
        XCTAssertEqual(DateText.isoTimestamp(milliseconds: ms), "2025-02-28T14:00:00.000Z")
        XCTAssertEqual(DateText.dateOnly(milliseconds: ms, offsetSeconds: 36_000), "2025-03-01")
        XCTAssertEqual(DateText.dateOnly(milliseconds: ms, offsetSeconds: 0), "2025-02-28")
        XCTAssertEqual(DateText.isoTimestamp(milliseconds: -1), "1969-12-31T23:59:59.999Z")
    }

    func testTimestampsReadBackAsTheServerAndTheAppWriteThem() {
        let ms: Int64 = 1_740_751_200_123
        XCTAssertEqual(DateText.milliseconds(fromTimestamp: "2025-02-28T14:00:00.123Z"), ms)
        XCTAssertEqual(DateText.milliseconds(fromTimestamp: "2025-02-28T14:00:00.123+00:00"), ms)
        XCTAssertEqual(DateText.milliseconds(fromTimestamp: "2025-02-28T14:00:00.1234+00:00"), ms)  // sub-ms dropped
        XCTAssertEqual(DateText.milliseconds(fromTimestamp: "2025-02-28T14:00:00.12+00:00"), ms - 3)
        XCTAssertEqual(DateText.milliseconds(fromTimestamp: "2025-02-28T14:00:00+00:00"), ms - 123)
        XCTAssertEqual(DateText.milliseconds(fromTimestamp: "2025-03-01 00:00:00.123+10:00"), ms)
        XCTAssertEqual(DateText.milliseconds(fromTimestamp: "1969-12-31T23:59:59.999Z"), -1)
        XCTAssertEqual(DateText.milliseconds(fromTimestamp: "2025-02-28T09:00:00.123-05:00"), ms)
        XCTAssertEqual(DateText.milliseconds(fromTimestamp: "2025-02-28T09:00:00.123-05"), ms)
        XCTAssertEqual(DateText.milliseconds(fromTimestamp: "2025-02-28T14:00:00.123+00"), ms)
        for text in ["2025-02-28", "2025-02-28T14:00:00.123+0000", "2025-02-28T14:00:00.123Zx", "garbage",
                     "2025-13-45T99:99:99Z", "2025-02-28T14:00:00.Z", "2025-02-28T24:00:00Z", "2025-02-28T14:00:00+05:"] {
            XCTAssertNil(DateText.milliseconds(fromTimestamp: text), text)
        }
        for ms: Int64 in [0, -1, 1_740_751_200_123, 4_102_444_799_999] {
            XCTAssertEqual(DateText.milliseconds(fromTimestamp: DateText.isoTimestamp(milliseconds: ms)), ms)
        }
    }

    func testDeterministicIDsAreStableAndDistinct() {
        let a = DeterministicID.uuid(["transaction_splits", "tx1", "p1", "0"])
        XCTAssertEqual(a, DeterministicID.uuid(["transaction_splits", "tx1", "p1", "0"]))
        XCTAssertNotEqual(a, DeterministicID.uuid(["transaction_splits", "tx1", "p1", "1"]))
        XCTAssertEqual(a.count, 36)
        XCTAssertEqual(Array(a)[14], "8")
    }
}

/// The fixed app's store switch with its open store: it reads the time zone from the database the
/// store holds instead of decoding the file, and notes the copy it set aside, so the harness finds
/// that copy's database without decoding it. Both must be exactly what a decode gives.
final class StoreSwitcherCacheTests: XCTestCase {
    func testASwitchWithTheOpenStoreNotesTheCopyItSetAsideAsItsDecodedDatabase() throws {
        let files = DeferringMemoryFiles(), defaults = MemoryDefaults()
        let cache = LocalStoreCache()
        let store = LocalStore(files: files, cache: cache)
        var database = DatasetGenerator.generate(seed: 4, size: .small).database
        database.ownerAccountId = "alice"
        database.timeZoneOffsetSeconds = 36_000
        try store.save(database)
        XCTAssertEqual(files.made, 0, "the save is deferred")
        XCTAssertTrue(try StoreSwitcher(files: files, defaults: defaults, store: store).switchStore(from: "alice", to: "bob"))
        let aside = try XCTUnwrap(try files.read(path: StoreSwitcher(files: files, defaults: defaults).asidePath("alice")))
        XCTAssertEqual(cache.database(forCopy: aside), try LocalStore.decode(aside), "the noted copy is what its bytes decode to")
        XCTAssertEqual(cache.database(forCopy: aside), database)
        let fresh = try LocalStore.decode(try XCTUnwrap(try files.read(path: store.path)))
        XCTAssertEqual(fresh.timeZoneOffsetSeconds, 36_000, "bob's new store keeps the device's time zone")
        XCTAssertEqual(fresh.ownerAccountId, "bob")
        XCTAssertNil(cache.database(forCopy: Data("other bytes".utf8)))
    }

    func testASwitchWithoutTheStoreStillReadsTheTimeZoneFromTheFile() throws {
        let files = MemoryFiles(), defaults = MemoryDefaults()
        var database = LocalDatabase(timeZoneOffsetSeconds: -18_000)
        database.ownerAccountId = "alice"
        try files.write(path: "swisscoin/store.json", data: try LocalStore.encode(database))
        XCTAssertTrue(try StoreSwitcher(files: files, defaults: defaults).switchStore(from: "alice", to: "bob"))
        XCTAssertEqual(try LocalStore.decode(try XCTUnwrap(try files.read(path: "swisscoin/store.json"))).timeZoneOffsetSeconds, -18_000)
    }
}
