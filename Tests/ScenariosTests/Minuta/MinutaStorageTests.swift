import XCTest
import AppPorts
@testable import CRDT
@testable import Minuta
@testable import MinutaSim
import Scenarios
@testable import SimHarness
@testable import SwissCoin

/// The app's storage services over an in-memory folder: what `fixed` guarantees and where the
/// seed's code loses data, without the simulator.
final class MinutaStorageTests: XCTestCase {
    typealias F = MinutaFixtures

    func service(_ files: MinutaMemoryFileStore, _ variant: MinutaVariant, seed: UInt64, offset: Int = 0) -> Minuta.AutomergeStorageService {
        Minuta.AutomergeStorageService(files: files, clock: MinutaFixedClock(utcOffsetSeconds: offset), ids: MinutaCountingIDs(seed: seed), variant: variant)
    }

    /// Two devices add an image each to the same record offline; their files are merged.
    func concurrentImageAdds(_ variant: MinutaVariant) async throws -> [String] {
        let shared = MinutaMemoryFileStore()
        try await service(shared, variant, seed: 1).saveRecord(F.recordJanuary)
        let a = MinutaMemoryFileStore(), b = MinutaMemoryFileStore()
        a.files = shared.files
        b.files = shared.files
        var withA = F.recordJanuary; withA.images.append("a2.jpg")
        var withB = F.recordJanuary; withB.images.append("b2.jpg")
        try await service(a, variant, seed: 2).saveRecord(withA, previous: F.recordJanuary)
        try await service(b, variant, seed: 3).saveRecord(withB, previous: F.recordJanuary)
        let path = "Minuta/records/2026/01.automerge"
        let merged = try Document(a.files[path]!, actor: ActorId("cc"))
        try merged.merge(other: Document(b.files[path]!, actor: ActorId("dd")))
        return Minuta.AutomergeTimeRecord.find(merged, F.recordJanuary.id)!.images
    }

    func testFixedKeepsBothConcurrentImageAdds() async throws {
        let images = try await concurrentImageAdds(.fixed)
        XCTAssertEqual(Set(images), ["a.jpg", "a2.jpg", "b2.jpg"])
    }

    func testSeedSetImagesLosesOneOfTwoConcurrentAdds() async throws {
        let images = try await concurrentImageAdds(MinutaVariant(defects: [.imagesListRecreated]))
        XCTAssertEqual(images.count, 2, "one list object wins: \(images)")
    }

    func testFixedMovesARecordAcrossMonthsWithoutLeavingACopy() async throws {
        let files = MinutaMemoryFileStore()
        let storage = service(files, .fixed, seed: 4)
        try await storage.saveRecord(F.recordNewYear)
        var moved = F.recordNewYear
        moved.startTime += 3_600_000  // into January (UTC)
        try await storage.saveRecord(moved, previous: F.recordNewYear)
        let all = try await storage.loadAllRecords()
        XCTAssertEqual(all.map(\.id), [F.recordNewYear.id])
        let seedFiles = MinutaMemoryFileStore()
        let seed = service(seedFiles, MinutaVariant(defects: [.monthMoveDuplicates]), seed: 4)
        try await seed.saveRecord(F.recordNewYear)
        try await seed.saveRecord(moved, previous: F.recordNewYear)
        let duplicated = try await seed.loadAllRecords()
        XCTAssertEqual(duplicated.count, 2, "MI-12: the December copy stays")
    }

    /// December 20 at noon to January 3 (UTC): the end falls earlier in its month than the start.
    static let holidays = (from: Int64(1_766_232_000_000), to: Int64(1_767_398_400_000))

    func testFixedRangeReadOpensTheEndsMonthAndTheSeedsSkipsIt() async throws {
        for (variant, expected, history) in [(MinutaVariant.fixed, [F.recordJanuary.id, F.recordNewYear.id], 3),
                                             (MinutaVariant(defects: [.rangeEndMonthSkipped]), [F.recordNewYear.id], 2)] {
            let storage = service(MinutaMemoryFileStore(), variant, seed: 5)
            for record in [F.recordJanuary, F.recordDecember, F.recordNewYear] { try await storage.saveRecord(record) }
            let shown = try await storage.loadRecords(from: Self.holidays.from, to: Self.holidays.to)
            XCTAssertEqual(shown.map(\.id), expected, "\(variant)")
            let all = try await storage.loadRecords(from: F.recordDecember.startTime, to: F.recordJanuary.startTime)
            XCTAssertEqual(all.count, history, "December 6 to January 1: a walk from December 6 steps to January 6, past the end")
        }
    }

    func testAddingOneMonthKeepsTheTimeOfDayAndClampsTheDay() {
        let january31 = Minuta.CivilDate(year: 2026, month: 1, day: 31).startMilliseconds(utcOffsetSeconds: 3_600) + 36_000_000
        let next = Minuta.AutomergeStorageService.addingOneMonth(to: january31, utcOffsetSeconds: 3_600)
        XCTAssertEqual(Minuta.CivilDate(milliseconds: next, utcOffsetSeconds: 3_600), Minuta.CivilDate(year: 2026, month: 2, day: 28))
        XCTAssertEqual(next - Minuta.CivilDate(year: 2026, month: 2, day: 28).startMilliseconds(utcOffsetSeconds: 3_600), 36_000_000)
        let december15 = Minuta.CivilDate(year: 2025, month: 12, day: 15).startMilliseconds(utcOffsetSeconds: 0)
        XCTAssertEqual(Minuta.AutomergeStorageService.addingOneMonth(to: december15, utcOffsetSeconds: 0),
                       Minuta.CivilDate(year: 2026, month: 1, day: 15).startMilliseconds(utcOffsetSeconds: 0))
    }

    func testFixedRangeReadHidesATombstonedRecordAsTheListDoes() async throws {
        let files = MinutaMemoryFileStore()
        try await service(files, .fixed, seed: 6).saveRecord(F.recordJanuary)
        // A delete's tombstone beside the record object (a delete concurrent with a move leaves both until repair).
        let path = "Minuta/records/2026/01.automerge"
        let document = try Document(files.files[path]!, actor: ActorId("ee"))
        try document.put(obj: .ROOT, key: "deleted:" + F.recordJanuary.id, value: .Boolean(true))
        files.files[path] = document.save()
        let fresh = service(files, .fixed, seed: 7)
        let listed = try await fresh.loadAllRecords()
        let shown = try await fresh.loadRecords(from: Self.holidays.from, to: Self.holidays.to)
        XCTAssertEqual(listed.map(\.id), [])
        XCTAssertEqual(shown.map(\.id), [], "the range read drops the tombstoned record too")
    }

    /// Before the migration completes, a range read merges legacy records: one whose start an edit
    /// moved out of the range in Automerge must not show from its legacy copy (fixed), as the list
    /// does not; the plan's range-by-range merge shows it.
    func testHybridRangeReadLeavesOutALegacyCopyOfARecordMovedOutOfTheRange() async throws {
        for (variant, shown) in [(MinutaVariant.fixed, [String]()), (MinutaVariant(defects: [.dualReadEitherOr]), [F.recordNewYear.id])] {
            let files = MinutaMemoryFileStore()
            for (path, bytes) in F.dataset.legacyFiles(utcOffsetSeconds: 0) { files.files["Minuta/" + path] = bytes }
            let hybrid = Minuta.HybridStorageService(files: files, defaults: MinutaMemoryDefaults(), clock: MinutaFixedClock(),
                                                     ids: MinutaCountingIDs(seed: 10), variant: variant)
            try await hybrid.saveRecord(F.recordNewYear)  // migrated so far: this record only
            var moved = F.recordNewYear
            moved.startTime += 10 * 86_400_000  // January 10: out of the New Year week
            try await hybrid.saveRecord(moved, previous: F.recordNewYear)
            let newYearWeek = (from: Int64(1_766_923_200_000), to: Int64(1_767_484_800_000))  // Dec 28 12:00 to Jan 4 (UTC)
            let screen = try await hybrid.loadRecords(from: newYearWeek.from, to: newYearWeek.to)
            XCTAssertEqual(screen.map(\.id).filter { $0 == F.recordNewYear.id }, shown, "\(variant)")
            let list = try await hybrid.loadAllRecords()
            XCTAssertEqual(list.filter { $0.id == F.recordNewYear.id }.map(\.startTime), [moved.startTime], "the list has the moved copy only")
        }
    }

    /// Counts the ids drawn: loading a document from bytes draws one actor id.
    final class CountingIDs: IDGenerator, @unchecked Sendable {
        let inner = MinutaCountingIDs(seed: 8)
        var drawn = 0
        func uuid() -> String { drawn += 1; return inner.uuid() }
    }

    func testFixedReadsParseAFileOnlyWhenItsBytesChanged() async throws {
        let files = MinutaMemoryFileStore()
        let ids = CountingIDs()
        let storage = Minuta.AutomergeStorageService(files: files, clock: MinutaFixedClock(), ids: ids, variant: .fixed)
        try await storage.saveRecord(F.recordJanuary)
        _ = try await storage.loadAllRecords()
        _ = try await storage.loadRecords(from: Self.holidays.from, to: Self.holidays.to)  // December: a new empty document
        let parsed = ids.drawn
        _ = try await storage.loadAllRecords()
        _ = try await storage.loadRecords(from: Self.holidays.from, to: Self.holidays.to)
        XCTAssertEqual(ids.drawn, parsed, "unchanged bytes are not parsed again")
        var edited = F.recordJanuary
        edited.comment = "edited on the other device"
        try await service(files, .fixed, seed: 9).saveRecord(edited, previous: F.recordJanuary)
        let reloaded = try await storage.loadAllRecords()
        XCTAssertEqual(reloaded.first { $0.id == F.recordJanuary.id }?.comment, "edited on the other device")
        XCTAssertGreaterThan(ids.drawn, parsed, "changed bytes are parsed and merged")
    }

    func testFixedMigrationOnTwoDevicesGivesOneObjectPerIdAndRunsIdempotently() async throws {
        func migrated(seed: UInt64) async throws -> MinutaMemoryFileStore {
            let files = MinutaMemoryFileStore()
            for (path, bytes) in F.dataset.legacyFiles(utcOffsetSeconds: 0) { files.files["Minuta/" + path] = bytes }
            let migration = Minuta.MigrationService(files: files, defaults: MinutaMemoryDefaults(), clock: MinutaFixedClock(), ids: MinutaCountingIDs(seed: seed), variant: .fixed)
            let first = try await migration.migrate()
            XCTAssertTrue(first.isComplete)
            let before = files.files
            _ = try await migration.migrate()
            XCTAssertEqual(files.files.filter { $0.key.hasPrefix("Minuta/") }, before.filter { $0.key.hasPrefix("Minuta/") }, "a re-run changes nothing")
            return files
        }
        let a = try await migrated(seed: 10), b = try await migrated(seed: 20)
        let path = "Minuta/records/2026/01.automerge"
        XCTAssertEqual(a.files[path], b.files[path], "both devices produce the same document")
        let merged = try Document(a.files[path]!, actor: ActorId("ee"))
        try merged.merge(other: Document(b.files[path]!, actor: ActorId("ff")))
        XCTAssertEqual(try merged.getAll(obj: .ROOT, key: F.recordJanuary.id).count, 1)
    }

    func testSeedMigrationOnTwoDevicesForksEveryRecord() async throws {
        var documents: [Document] = []
        for seed: UInt64 in [10, 20] {
            let files = MinutaMemoryFileStore()
            for (path, bytes) in F.dataset.legacyFiles(utcOffsetSeconds: 0) { files.files["Minuta/" + path] = bytes }
            _ = try await Minuta.MigrationService(files: files, defaults: MinutaMemoryDefaults(), clock: MinutaFixedClock(), ids: MinutaCountingIDs(seed: seed), variant: .asWritten).migrate()
            documents.append(try Document(files.files["Minuta/records/2026/01.automerge"]!, actor: ActorId("ab")))
        }
        try documents[0].merge(other: documents[1])
        XCTAssertEqual(try documents[0].getAll(obj: .ROOT, key: F.recordJanuary.id).count, 2, "MI-15: two objects for one id")
    }
}

/// iCloud keeps the losing write of an edit conflict as a hidden version of the file (no copy):
/// `fixed` merges it and resolves it; the seed's name-only resolver never sees it.
final class MinutaHiddenVersionTests: XCTestCase {
    typealias F = MinutaFixtures
    static let path = "Minuta/records/2026/01.automerge"

    /// The current file holds one edit of the January record, a hidden version another; returns
    /// the comments the app loads after a resolution pass, and the versions left.
    func resolve(_ variant: MinutaVariant) async throws -> (comment: String?, left: Int) {
        let files = MinutaMemoryFileStore()
        let storage = Minuta.AutomergeStorageService(files: files, clock: MinutaFixedClock(), ids: MinutaCountingIDs(seed: 1), variant: variant)
        try await storage.saveRecord(F.recordJanuary)
        let base = files.files[Self.path]!
        var winner = F.recordJanuary; winner.endTime = F.recordJanuary.endTime! + 60_000
        try await storage.saveRecord(winner, previous: F.recordJanuary)
        // The other device's write: the comment changed on the base document.
        let other = try Document(base, actor: ActorId("bb"))
        var loser = F.recordJanuary; loser.comment = "edited elsewhere"
        try Minuta.AutomergeTimeRecord.find(other, F.recordJanuary.id)!.setChangedFields(loser, from: F.recordJanuary)
        files.versions[Self.path] = [FileConflictVersion(id: "7", bytes: other.save())]
        let resolver = Minuta.ConflictResolutionService(files: files, ids: MinutaCountingIDs(seed: 2), variant: variant)
        _ = try await resolver.resolveConflicts()
        let fresh = Minuta.AutomergeStorageService(files: files, clock: MinutaFixedClock(), ids: MinutaCountingIDs(seed: 3), variant: variant)
        let record = try await fresh.loadAllRecords().first { $0.id == F.recordJanuary.id }
        XCTAssertEqual(record?.endTime, winner.endTime, "the current file's edit stays")
        return (record?.comment, files.versions[Self.path]?.count ?? 0)
    }

    func testFixedMergesAndResolvesAHiddenVersion() async throws {
        let result = try await resolve(.fixed)
        XCTAssertEqual(result.comment, "edited elsewhere")
        XCTAssertEqual(result.left, 0)
    }

    func testSeedResolverNeverSeesAHiddenVersion() async throws {
        let result = try await resolve(MinutaVariant(defects: [.icloudVersionsIgnored]))
        XCTAssertEqual(result.comment, F.recordJanuary.comment, "the other device's edit is lost")
        XCTAssertEqual(result.left, 1)
    }

    /// A hidden version set the end time (after several other changes, so its op counter is high);
    /// the user then stops the timer again on this device. `fixed` reads the version before it
    /// writes, so the new end time is made on top of it and wins; an edit made on the file alone
    /// would be concurrent with the version, and the CRDT would let the older value win.
    func testFixedEditsOnTopOfHiddenVersions() async throws {
        let files = MinutaMemoryFileStore()
        let storage = Minuta.AutomergeStorageService(files: files, clock: MinutaFixedClock(), ids: MinutaCountingIDs(seed: 1), variant: .fixed)
        try await storage.saveRecord(F.recordJanuary)
        let other = try Document(files.files[Self.path]!, actor: ActorId("ff"))
        var elsewhere = F.recordJanuary
        for round in 0..<6 {
            let before = elsewhere
            elsewhere.comment = "elsewhere \(round)"
            if round == 5 { elsewhere.endTime = F.recordJanuary.endTime! + 1_000 }
            try Minuta.AutomergeTimeRecord.find(other, F.recordJanuary.id)!.setChangedFields(elsewhere, from: before)
        }
        files.versions[Self.path] = [FileConflictVersion(id: "3", bytes: other.save())]
        let fresh = Minuta.AutomergeStorageService(files: files, clock: MinutaFixedClock(), ids: MinutaCountingIDs(seed: 4), variant: .fixed)
        let shown = try await fresh.loadAllRecords().first { $0.id == F.recordJanuary.id }!
        var stopped = shown
        stopped.endTime = F.recordJanuary.endTime! + 9_000
        try await fresh.saveRecord(stopped, previous: shown)
        _ = try await Minuta.ConflictResolutionService(files: files, ids: MinutaCountingIDs(seed: 5), variant: .fixed).resolveConflicts()
        let last = Minuta.AutomergeStorageService(files: files, clock: MinutaFixedClock(), ids: MinutaCountingIDs(seed: 6), variant: .fixed)
        let record = try await last.loadAllRecords().first { $0.id == F.recordJanuary.id }
        XCTAssertEqual(record?.endTime, stopped.endTime, "the later stop wins")
        XCTAssertEqual(record?.comment, "elsewhere 5")
        XCTAssertEqual(files.versions[Self.path]?.count ?? 0, 0)
    }

    /// A conflict copy with a hidden version of its own (a second conflict on the copy's path):
    /// the version is merged into the copy before the copy is merged into the primary and removed
    /// (removing a file removes its versions), so one pass keeps both edits.
    func testFixedMergesACopysVersionsBeforeTheCopy() async throws {
        let files = MinutaMemoryFileStore()
        let storage = Minuta.AutomergeStorageService(files: files, clock: MinutaFixedClock(), ids: MinutaCountingIDs(seed: 1), variant: .fixed)
        try await storage.saveRecord(F.recordJanuary)
        let base = files.files[Self.path]!
        func edited(_ actor: String, _ change: (inout Minuta.TimeRecord) -> Void) throws -> [UInt8] {
            let document = try Document(base, actor: ActorId(actor))
            var record = F.recordJanuary
            change(&record)
            try Minuta.AutomergeTimeRecord.find(document, F.recordJanuary.id)!.setChangedFields(record, from: F.recordJanuary)
            return document.save()
        }
        let copy = "Minuta/records/2026/01 2.automerge"
        files.files[copy] = try edited("c1") { $0.comment = "from the copy" }
        files.versions[copy] = [FileConflictVersion(id: "9", bytes: try edited("c2") { $0.tagId = F.tagB.id })]
        _ = try await Minuta.ConflictResolutionService(files: files, ids: MinutaCountingIDs(seed: 2), variant: .fixed).resolveConflicts()
        XCTAssertNil(files.files[copy], "the copy is merged and removed")
        let fresh = Minuta.AutomergeStorageService(files: files, clock: MinutaFixedClock(), ids: MinutaCountingIDs(seed: 3), variant: .fixed)
        let record = try await fresh.loadAllRecords().first { $0.id == F.recordJanuary.id }
        XCTAssertEqual(record?.comment, "from the copy")
        XCTAssertEqual(record?.tagId, F.tagB.id, "the copy's hidden version made it into the primary")
    }
}
