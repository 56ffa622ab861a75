import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// A store write that fails while an imported page is applied: the mirror's metadata must stay
/// as it was (the platform commits objects and metadata in one transaction), so the next export
/// does not take the page's records for synced objects that are gone and delete them.
final class CloudKitMirrorFailureTests: XCTestCase {
    /// Fails every write of the store file while `armed`.
    final class FailingStoreWrites: StorageFaultPolicy, @unchecked Sendable {
        var armed = true
        func fault(writing path: String) -> StorageFault? {
            armed && path == MirrorTestBed.path ? .diskFull : nil
        }
    }

    func testAPageThatFailsToSaveLeavesNothingForTheNextExportToDelete() throws {
        let bed = MirrorTestBed()
        let exported = MirrorBox(-1)
        let handle = bed.handle
        try bed.run { bed in
            await bed.step(bed.phone) { context, mirror in
                let goal = context.insert("Goal", ["name": "Trip"])
                context.relate(context.insert("Allocation", ["amount": 500]), "goal", to: [goal])
                try context.save()
                try await mirror.launch()
            }
            // The laptop's store exists before the faults start (an empty store, no mirror yet).
            await bed.step(bed.laptop) { _, _ in }
            bed.laptop.launch { context in
                let faults = FailingStoreWrites()
                do {
                    let container = try await ModelContainer.open(at: MirrorTestBed.path, schema: MirrorTestBed.schema,
                                                                  disk: StoreDisk(files: context, faults: faults))
                    let mirror = CloudKitMirror(container: container, makeUUID: { context.makeUUID() }) { request in
                        try await context.callCloudKit(handle, request, timeout: .seconds(30))
                    }
                    _ = try await mirror.checkAccount()
                    let imported = try? await mirror.importChanges()
                    XCTAssertNil(imported, "the page's save failed")
                    faults.armed = false
                    exported.value = try await mirror.exportChanges()
                } catch {
                    XCTFail("\(error)")
                }
            }
            await bed.laptop.waitUntilStopped()
        }
        XCTAssertEqual(exported.value, 0, "nothing to send: no deletes of records the laptop never held")
        XCTAssertEqual(bed.serverRecords().map(\.recordType), ["CD_Allocation", "CD_Goal"], "the phone's records are still there")
    }
}
