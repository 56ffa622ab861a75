import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// Atomic batches, partial failures, zone errors, and the limits (items, bytes, quota).
final class CloudKitBatchTests: XCTestCase {
    /// g1 saved, then changed by the laptop, so the phone's copy of g1 is stale.
    private func bedWithStaleG1() -> (CloudKitTestBed, stale: CloudKitRecord) {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let saved = bed.save([CloudKitTestBed.goal("g1")])[0]
        var laptop = saved
        laptop.set("CD_name", .string("Laptop"))
        bed.save([laptop], from: "laptop")
        var stale = saved
        stale.set("CD_name", .string("Phone"))
        return (bed, stale)
    }

    func testOneFailureInAnAtomicZoneFailsTheOthersWithBatchRequestFailed() {
        let (bed, stale) = bedWithStaleG1()
        let fresh = CloudKitTestBed.goal("g2")
        let response = bed.send(.modifyRecords(CloudKitModify(saves: [stale, fresh], deletes: [CloudKitRecordID("g9", zone: "Goals")])))
        XCTAssertEqual(response.code, .partialFailure)
        XCTAssertEqual(response.error?.code.rawValue, 2)
        XCTAssertEqual(response.error?.partialErrors.map(\.error.code), [.serverRecordChanged, .batchRequestFailed, .batchRequestFailed])
        XCTAssertEqual(response.error?.itemError(fresh.recordID)?.code.rawValue, 22)
        XCTAssertEqual(response.saved, [])
        XCTAssertEqual(bed.server.admin.records.map(\.record.recordID.recordName), ["g1"], "nothing in the zone changed")
    }

    func testNonAtomicOperationAppliesTheGoodItemsWithPerItemErrors() {
        let (bed, stale) = bedWithStaleG1()
        let response = bed.send(.modifyRecords(CloudKitModify(saves: [stale, CloudKitTestBed.goal("g2")], isAtomic: false)))
        XCTAssertEqual(response.code, .partialFailure)
        XCTAssertEqual(response.error?.partialErrors.map(\.error.code), [.serverRecordChanged])
        XCTAssertEqual(response.saved.map(\.recordID.recordName), ["g2"])
    }

    func testTheDefaultZoneIsNotAtomicAndOtherZonesOfAnAtomicRequestStillSave() {
        let (bed, stale) = bedWithStaleG1()
        let inDefault = CloudKitTestBed.goal("d1", zone: "_defaultZone")
        bed.send(.createZone("Other"))
        let inOther = CloudKitTestBed.goal("o1", zone: "Other")
        let response = bed.send(.modifyRecords(CloudKitModify(saves: [stale, inDefault, inOther])))
        XCTAssertEqual(response.error?.partialErrors.map(\.recordID.recordName), ["g1"])
        XCTAssertEqual(response.saved.map(\.recordID.recordName), ["d1", "o1"], "atomicity is per zone")
    }

    func testSavingIntoAMissingZoneIsZoneNotFound() {
        let bed = CloudKitTestBed()
        let record = CloudKitTestBed.goal("g1", zone: "Nope")
        let response = bed.send(.modifyRecords(CloudKitModify(saves: [record])))
        XCTAssertEqual(response.error?.itemError(record.recordID)?.code, .zoneNotFound)
        XCTAssertEqual(response.error?.itemError(record.recordID)?.code.rawValue, 26)
        XCTAssertEqual(bed.send(.deleteZone("Nope")).code, .zoneNotFound)
        XCTAssertEqual(bed.send(.deleteZone("_defaultZone")).code, .invalidArguments)
    }

    func testARecordTwiceInOneRequestIsInvalidArguments() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let record = CloudKitTestBed.goal("g1")
        XCTAssertEqual(bed.send(.modifyRecords(CloudKitModify(saves: [record], deletes: [record.recordID]))).code, .invalidArguments)
        XCTAssertEqual(bed.server.admin.records.count, 0)
    }

    func testMoreThan400ItemsFailTheWholeRequestWithLimitExceeded() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let records = (1...399).map { CloudKitTestBed.goal("g\($0)") }
        let deletes = [CloudKitRecordID("x1", zone: "Goals"), CloudKitRecordID("x2", zone: "Goals")]
        let response = bed.send(.modifyRecords(CloudKitModify(saves: records, deletes: deletes)))
        XCTAssertEqual(response.code, .limitExceeded)
        XCTAssertEqual(response.error?.code.rawValue, 27)
        XCTAssertNil(response.outcome)
        XCTAssertEqual(bed.server.admin.records.count, 0)
        bed.save(Array(records.prefix(400)))
        XCTAssertEqual(bed.server.admin.records.count, 399, "400 items pass")
        XCTAssertEqual(bed.send(.fetchRecords(Array(repeating: CloudKitRecordID("g1", zone: "Goals"), count: 401))).code, .limitExceeded)
    }

    func testARecordOverOneMegabyteIsAPerItemLimitExceededButAssetsDoNotCount() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let big = CloudKitRecord("CD_Snapshot", CloudKitRecordID("s1", zone: "Goals"), fields: ["CD_data": .bytes(Array(repeating: 7, count: 1024 * 1024))])
        let small = CloudKitTestBed.goal("g1")
        let response = bed.send(.modifyRecords(CloudKitModify(saves: [big, small], isAtomic: false)))
        XCTAssertEqual(response.error?.itemError(big.recordID)?.code, .limitExceeded)
        XCTAssertEqual(response.saved.map(\.recordID.recordName), ["g1"], "one oversized record does not block the others")
        let asAsset = CloudKitRecord("CD_Snapshot", CloudKitRecordID("s2", zone: "Goals"), fields: ["CD_data": .asset(Array(repeating: 7, count: 1024 * 1024))])
        XCTAssertEqual(bed.save([asAsset]).count, 1)
    }

    func testARequestOverTwoMegabytesIsLimitExceeded() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let records = (1...3).map { CloudKitRecord("CD_Snapshot", CloudKitRecordID("s\($0)", zone: "Goals"), fields: ["CD_data": .bytes(Array(repeating: 1, count: 900_000))]) }
        XCTAssertEqual(bed.send(.modifyRecords(CloudKitModify(saves: records))).code, .limitExceeded)
        XCTAssertEqual(bed.save(Array(records.prefix(2))).count, 2)
    }

    func testSavesPastTheAccountsQuotaFailWithQuotaExceeded() {
        var config = CloudKitServerConfig()
        config.quotaBytes = 100
        let bed = CloudKitTestBed(config: config)
        bed.send(.createZone("Goals"))
        let first = CloudKitRecord("CD_Goal", CloudKitRecordID("g1", zone: "Goals"), fields: ["CD_name": .bytes(Array(repeating: 1, count: 60))])
        bed.save([first])
        let second = CloudKitRecord("CD_Goal", CloudKitRecordID("g2", zone: "Goals"), fields: ["CD_name": .bytes(Array(repeating: 1, count: 60))])
        let response = bed.send(.modifyRecords(CloudKitModify(saves: [second])))
        XCTAssertEqual(response.error?.itemError(second.recordID)?.code, .quotaExceeded)
        XCTAssertEqual(response.error?.itemError(second.recordID)?.code.rawValue, 25)
        XCTAssertEqual(bed.server.admin.storedBytes(user: "alice"), 67)
        bed.send(.modifyRecords(CloudKitModify(deletes: [first.recordID])))
        XCTAssertEqual(bed.save([second]).count, 1, "deleting frees the quota")
    }
}
