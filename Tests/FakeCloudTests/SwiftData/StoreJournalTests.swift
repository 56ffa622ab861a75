@testable import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// The store file as a checkpoint plus a write-ahead log: every save appends what it changed, the
/// log is folded into the base once it outgrows it, and whatever the log holds, the file reads as
/// the whole store and a faulted save leaves the previous commit.
final class StoreJournalTests: XCTestCase {
    typealias Bed = StoreTestBed

    /// 200 saves of one or two rows (inserts, renames, deletes): after each one the file's bytes
    /// decode to the container's store, and a reopen sees the same; the log checkpointed on the way.
    func testEverySaveReadsBackAsTheWholeStoreAcrossCheckpoints() throws {
        let (checkpoints, rows) = try Bed.run { device in
            let container = try await Bed.open(device, Bed.v1)
            let context = container.makeContext()
            var live: [PersistentIdentifier] = []
            var checkpoints = 0
            for step in 0..<200 {
                live.append(context.insert("Person", ["name": .string("p\(step)")]))
                if step % 3 == 0 { context.set(live[step / 2], "name", .string("renamed \(step)")) }
                if step % 7 == 6 { context.delete(live.removeFirst()) }
                let logged = container.journal.loggedRows
                try context.save()
                if container.journal.loggedRows < logged { checkpoints += 1 }
                XCTAssertEqual(StoreSnapshot.decode(device.files.read(Bed.path)!), container.committed, "save \(step)")
            }
            let reopened = try await Bed.open(device, Bed.v1)
            XCTAssertEqual(reopened.committed, container.committed)
            return (checkpoints, Bed.stored(device, "Person").count)
        }
        XCTAssertGreaterThan(checkpoints, 0, "the log was folded into the base")
        XCTAssertEqual(rows, 200 - 200 / 7)
    }

    /// A torn write and a full disk while the log holds frames: the save throws, the file still
    /// holds the previous commit (log included), and the same changes save on a retry.
    func testAFaultedSaveAppendedToTheLogLeavesThePreviousCommit() throws {
        for fault in [StorageFault.tornWrite, .diskFull] {
            try Bed.run { device in
                // Write 0 creates the store, writes 1-10 are saves, write 11 is faulted.
                let container = try await ModelContainer.open(
                    at: Bed.path, schema: Bed.v1, disk: Bed.disk(device, faults: ScriptedStorageFaults([11: fault])))
                let context = container.makeContext()
                for index in 0..<10 {
                    context.insert("Person", ["name": .string("p\(index)")])
                    try context.save()
                }
                XCTAssertGreaterThan(container.journal.loggedRows, 0, "the saves were appended, not checkpointed")
                let before = container.committed
                context.insert("Person", ["name": "torn"])
                XCTAssertThrowsError(try context.save())
                XCTAssertEqual(container.committed, before)
                XCTAssertEqual(StoreSnapshot.decode(device.files.read(Bed.path)!), before, "the old store is whole")
                let reopened = try await Bed.open(device, Bed.v1)
                XCTAssertEqual(reopened.committed, before)
                try context.save()
                XCTAssertEqual(Bed.stored(device, "Person").count, 11)
            }
        }
    }

    /// The header read: the metadata of the last save, without making the file's bytes; from the
    /// bytes once they are plain bytes (a restored copy); nil for bytes that are not a store.
    func testStoreMetadataReadsTheHeaderWithoutMakingTheBytes() throws {
        try Bed.run { device in
            let disk = Bed.disk(device)
            let container = try await Bed.open(device, Bed.v1)
            let context = container.makeContext()
            context.insert("Person", ["name": "Ann"])
            try context.save()
            XCTAssertEqual(disk.storeMetadata(at: Bed.path), container.committed.metadata)
            XCTAssertFalse(device.files.content(Bed.path)?.isMade ?? true, "no bytes were made")
            device.files.write("copy.store", device.files.read(Bed.path)!)
            XCTAssertEqual(disk.storeMetadata(at: "copy.store"), container.committed.metadata)
            device.files.write("torn.store", Array(device.files.read(Bed.path)!.prefix(40)))
            XCTAssertNil(disk.storeMetadata(at: "torn.store"))
            XCTAssertNil(disk.storeMetadata(at: "absent.store"))
        }
    }
}
