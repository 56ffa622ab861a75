import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// Records, change tags, dates and the three save policies.
final class CloudKitSaveTests: XCTestCase {
    func testSaveSetsTagAndServerDatesAndEverySaveReplacesTheTag() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        bed.advance(seconds: 10)
        var record = CloudKitRecord("CD_Goal", CloudKitRecordID("g1", zone: "Goals"), fields: [
            "CD_name": .string("Trip"), "CD_amount": .int64(5), "CD_rate": .double(0.5), "CD_deadline": .date(1_700_000_000_000),
            "CD_blob": .bytes([1, 2]), "CD_photo": .asset([9]), "CD_asset": .reference(recordName: "a1", deleteSelf: false),
            "CD_tags": .list([.string("x"), .string("y")]),
        ])
        let first = bed.save([record])[0]
        XCTAssertEqual(first.changeTag, "ct1")
        XCTAssertEqual(first.creationMillis, 1_735_689_610_000, "epoch + 10 s of virtual time")
        XCTAssertEqual(first.modificationMillis, first.creationMillis)
        XCTAssertEqual(first.sortedFields.map(\.key), record.sortedFields.map(\.key))
        XCTAssertEqual(first.changedKeys, [], "the returned copy is as fetched")
        bed.advance(seconds: 5)
        record = first
        record.set("CD_name", .string("Trip 2"))
        let second = bed.save([record])[0]
        XCTAssertEqual(second.changeTag, "ct2")
        XCTAssertEqual(second.creationMillis, first.creationMillis)
        XCTAssertEqual(second.modificationMillis, 1_735_689_615_000)
        XCTAssertEqual(second["CD_amount"], .int64(5), "unchanged keys stay")
        XCTAssertEqual(bed.server.admin.records.first?.tagHistory, ["ct1", "ct2"])
    }

    func testStaleChangeTagFailsWithServerRecordChangedCarryingTheServersRecord() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let base = bed.save([CloudKitTestBed.goal("g1")])[0]
        var fromLaptop = base
        fromLaptop.set("CD_name", .string("Laptop"))
        bed.save([fromLaptop], from: "laptop")
        var fromPhone = base
        fromPhone.set("CD_name", .string("Phone"))
        let response = bed.send(.modifyRecords(CloudKitModify(saves: [fromPhone])))
        XCTAssertEqual(response.code, .partialFailure)
        let itemError = response.error?.itemError(base.recordID)
        XCTAssertEqual(itemError?.code, .serverRecordChanged)
        XCTAssertEqual(itemError?.code.rawValue, 14)
        XCTAssertEqual(itemError?.serverRecord?["CD_name"], .string("Laptop"))
        XCTAssertEqual(itemError?.serverRecord?.changeTag, "ct2")
        XCTAssertEqual(bed.server.admin.record(base.recordID, user: "alice")?["CD_name"], .string("Laptop"))
    }

    func testNewRecordWhoseNameIsTakenConflictsAndSavingADeletedRecordsCopyIsUnknownItem() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let saved = bed.save([CloudKitTestBed.goal("g1")])[0]
        let again = bed.send(.modifyRecords(CloudKitModify(saves: [CloudKitTestBed.goal("g1", title: "Other")])))
        XCTAssertEqual(again.error?.itemError(saved.recordID)?.code, .serverRecordChanged)
        bed.send(.modifyRecords(CloudKitModify(deletes: [saved.recordID])))
        var stale = saved
        stale.set("CD_name", .string("Edited"))
        XCTAssertEqual(bed.send(.modifyRecords(CloudKitModify(saves: [stale]))).error?.itemError(saved.recordID)?.code, .unknownItem)
    }

    func testChangedKeysWritesOnlyChangedKeysWithoutComparingTags() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        var base = CloudKitTestBed.goal("g1")
        base.set("CD_amount", .int64(1))
        let saved = bed.save([base])[0]
        var laptop = saved
        laptop.set("CD_amount", .int64(2))
        bed.save([laptop], from: "laptop")
        var phone = saved
        phone.set("CD_name", .string("Phone"))
        let merged = bed.save([phone], policy: .changedKeys)[0]
        XCTAssertEqual(merged["CD_name"], .string("Phone"))
        XCTAssertEqual(merged["CD_amount"], .int64(2), "the laptop's key survives")
        phone.set("CD_amount", nil)
        XCTAssertNil(bed.save([phone], policy: .changedKeys)[0]["CD_amount"], "a removed key is removed")
    }

    func testAllKeysOverwritesEveryLocalKeyButKeepsServerOnlyKeys() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let saved = bed.save([CloudKitTestBed.goal("g1")])[0]
        var laptop = saved
        laptop.set("CD_name", .string("Laptop"))
        laptop.set("CD_note", .string("only on the server"))
        bed.save([laptop], from: "laptop")
        let overwritten = bed.save([saved], policy: .allKeys)[0]
        XCTAssertEqual(overwritten["CD_name"], .string("Trip"), "the stale local value wins: no tag check")
        XCTAssertEqual(overwritten["CD_note"], .string("only on the server"))
        XCTAssertEqual(overwritten.changeTag, "ct3")
    }

    func testDeletesRemoveRecordsAndAMissingRecordsDeleteFollowsTheOption() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let saved = bed.save([CloudKitTestBed.goal("g1")])[0]
        XCTAssertEqual(bed.send(.modifyRecords(CloudKitModify(deletes: [saved.recordID]))).deletedIDs, [saved.recordID])
        XCTAssertNil(bed.server.admin.record(saved.recordID, user: "alice"))
        XCTAssertEqual(bed.send(.modifyRecords(CloudKitModify(deletes: [saved.recordID]))).deletedIDs, [saved.recordID], "default: succeeds")
        var config = CloudKitServerConfig()
        config.missingRecordDelete = .unknownItem
        let strict = CloudKitTestBed(config: config)
        strict.send(.createZone("Goals"))
        XCTAssertEqual(strict.send(.modifyRecords(CloudKitModify(deletes: [saved.recordID]))).error?.itemError(saved.recordID)?.code, .unknownItem)
    }

    func testFetchRecordsReturnsFoundRecordsAndUnknownItemForMissingOnes() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        bed.save([CloudKitTestBed.goal("g1")])
        let missing = CloudKitRecordID("nope", zone: "Goals")
        let response = bed.send(.fetchRecords([CloudKitRecordID("g1", zone: "Goals"), missing]))
        guard case .records(let found) = response.outcome else { return XCTFail("no records") }
        XCTAssertEqual(found.map(\.recordID.recordName), ["g1"])
        XCTAssertEqual(response.error?.itemError(missing)?.code.rawValue, 11)
    }
}
