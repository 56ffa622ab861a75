import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// Disk full and torn writes: the store's atomic writes survive them, naive non-atomic copies
/// do not.
final class StorageFaultTests: XCTestCase {
    typealias Bed = StoreTestBed

    /// Write 0 creates the store; write 1 is the first save.
    private func saveMeeting(_ fault: StorageFault) throws -> (error: StoreDiskError?, unchanged: Bool, retried: Int, fired: Int) {
        try Bed.run { device in
            let faults = ScriptedStorageFaults([1: fault])
            let container = try await ModelContainer.open(at: Bed.path, schema: Bed.v1, disk: Bed.disk(device, faults: faults))
            let before = device.files.read(Bed.path)
            let context = container.makeContext()
            context.insert("Person", ["name": "Ann"])
            var error: StoreDiskError?
            do { try context.save() } catch let caught as StoreDiskError { error = caught }
            let unchanged = device.files.read(Bed.path) == before && StoreSnapshot.decode(before!) != nil
            XCTAssertTrue(context.hasChanges, "a failed save keeps its changes")
            try context.save()
            return (error, unchanged, Bed.stored(device, "Person").count, faults.fired.count)
        }
    }

    func testDiskFullFailsTheSaveAndLeavesTheOldFile() throws {
        let result = try saveMeeting(.diskFull)
        XCTAssertEqual(result.error, .diskFull(path: Bed.path))
        XCTAssertEqual(result.error?.code, 640)
        XCTAssertTrue(result.unchanged)
        XCTAssertEqual(result.retried, 1)
        XCTAssertEqual(result.fired, 1)
    }

    func testATornWriteNeverTearsTheStoresAtomicSave() throws {
        let result = try saveMeeting(.tornWrite)
        XCTAssertEqual(result.error, .tornWrite(path: Bed.path))
        XCTAssertTrue(result.unchanged, "the old store is whole")
        XCTAssertEqual(result.retried, 1)
    }

    func testAFaultedMigrationStepFailsTheOpenAndLeavesTheLastCommit() throws {
        let v2 = Bed.schema(2, [Bed.person([AttributeShape("phone", .string, optional: true)])])
        let plan = SchemaMigrationPlan(schemas: [Bed.v1, v2], stages: [.lightweight(fromVersion: Bed.v1, toVersion: v2)])
        let (error, unchanged, version) = try Bed.run { device in
            try await Bed.seed(device, Bed.v1, Bed.people)
            let before = device.files.read(Bed.path)
            var error: StoreDiskError?
            do {
                _ = try await ModelContainer.open(
                    at: Bed.path, schema: v2, migrationPlan: plan, disk: Bed.disk(device, faults: ScriptedStorageFaults([0: .diskFull])))
            } catch let caught as StoreDiskError { error = caught }
            let unchanged = device.files.read(Bed.path) == before
            _ = try await Bed.open(device, v2, plan: plan)
            return (error, unchanged, Bed.metadata(device)?.versionIdentifier)
        }
        XCTAssertEqual(error, .diskFull(path: Bed.path))
        XCTAssertTrue(unchanged)
        XCTAssertEqual(version, "2.0.0", "the retry without the fault migrates")
    }

    /// A backup copied with a naive write: disk full leaves it empty, a torn write half of it, and
    /// a store opened from a torn copy is corrupt.
    func testNonAtomicCopiesAreEmptiedOrTornByFaults() throws {
        let results = try Bed.run { device in
            try await Bed.seed(device, Bed.v1, Bed.people)
            let original = device.files.read(Bed.path)!
            let faults = ScriptedStorageFaults([0: .diskFull, 1: .tornWrite], prefix: "backup/")
            let disk = Bed.disk(device, faults: faults)
            var results: [(error: StoreDiskError?, count: Int, prefix: Bool)] = []
            for name in ["backup/a.store", "backup/b.store", "backup/c.store"] {
                var error: StoreDiskError?
                do { try await disk.writeNonAtomically(name, original, chunkSize: 64) } catch let caught as StoreDiskError { error = caught }
                let copy = device.files.read(name)!
                results.append((error, copy.count, Array(original.prefix(copy.count)) == copy))
            }
            do {
                _ = try await ModelContainer.open(at: "backup/b.store", schema: Bed.v1, disk: disk)
                XCTFail("a torn store must not open")
            } catch let error as ModelStoreError {
                XCTAssertEqual(error, .storeCorrupted(path: "backup/b.store"))
                XCTAssertEqual(error.code, 259)
            }
            XCTAssertEqual(results[2].count, original.count)
            XCTAssertEqual(results[1].count, original.count / 2)
            return results.map { "\($0.error.map { "\($0.code)" } ?? "ok") \($0.prefix)" }
        }
        XCTAssertEqual(results, ["640 true", "512 true", "ok true"])
    }

    /// A kill while a naive copy is under way leaves a strict prefix; the same kill during an
    /// atomic copy leaves no file or a whole one.
    func testAKillDuringANonAtomicCopyLeavesAPrefix() throws {
        let sim = Simulator(seed: 3, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("phone")
        let (original, naive, atomic) = try sim.run { _ in
            try await Bed.seed(device, Bed.v1, Bed.people)
            device.launch { app in
                let disk = StoreDisk(files: app)
                let bytes = app.readFile(Bed.path)!
                try? disk.writeAtomically("backup/atomic.store", bytes)
                try? await disk.writeNonAtomically("backup/naive.store", bytes, chunkSize: 64)
            }
            device.killAfter(jobs: 3)
            await device.waitUntilStopped()
            XCTAssertEqual(device.state, .killed)
            return (device.files.read(Bed.path)!, device.files.read("backup/naive.store")!, device.files.read("backup/atomic.store"))
        }
        XCTAssertTrue(naive.count > 0 && naive.count < original.count, "\(naive.count) of \(original.count) bytes")
        XCTAssertEqual(naive, Array(original.prefix(naive.count)))
        XCTAssertNil(StoreSnapshot.decode(naive))
        XCTAssertEqual(atomic, original)
    }

    /// A deferred atomic write: the bytes are made on the first read only; a faulted write never
    /// makes them and leaves the old content; a store save reads back as its snapshot's encoding.
    func testADeferredAtomicWriteMakesItsBytesOnFirstReadAndAFaultLeavesTheOldFile() throws {
        let files = FileStore()
        let faults = ScriptedStorageFaults([1: .diskFull, 2: .tornWrite])
        let disk = StoreDisk(files: files, faults: faults)
        var made = 0
        try disk.writeAtomically("f", deferring: { made += 1; return [1, 2] })
        XCTAssertEqual(made, 0)
        for expected in [StoreDiskError.diskFull(path: "f"), .tornWrite(path: "f")] {
            XCTAssertThrowsError(try disk.writeAtomically("f", deferring: { made += 100; return [9] })) { error in
                XCTAssertEqual(error as? StoreDiskError, expected)
            }
        }
        XCTAssertEqual(disk.read("f"), [1, 2])
        XCTAssertEqual(disk.read("f"), [1, 2])
        XCTAssertEqual(made, 1, "made once, on the first read; the faulted writes never")

        try Bed.run { device in
            let container = try await ModelContainer.open(at: Bed.path, schema: Bed.v1, disk: Bed.disk(device, faults: NoStorageFaults()))
            let context = container.makeContext()
            context.insert("Person", ["name": "Ann"])
            try context.save()
            XCTAssertFalse(device.files.content(Bed.path)?.isMade ?? true, "nobody read the saved store yet")
            // Opening again takes the kept snapshot (what decoding the bytes gives) without bytes.
            let reopened = try await ModelContainer.open(at: Bed.path, schema: Bed.v1, disk: Bed.disk(device, faults: NoStorageFaults()))
            XCTAssertEqual(reopened.committed, container.committed)
            XCTAssertFalse(device.files.content(Bed.path)?.isMade ?? true, "the open read no bytes")
            XCTAssertEqual(device.files.read(Bed.path), container.committed.encoded())
            XCTAssertEqual(StoreSnapshot.decode(device.files.read(Bed.path)!), container.committed)
        }
    }
}
