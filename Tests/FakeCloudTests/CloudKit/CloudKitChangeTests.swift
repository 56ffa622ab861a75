import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// Fetching zone changes since a change token: pages, deletions, and the token and zone errors.
final class CloudKitChangeTests: XCTestCase {
    func testChangesPageWithMoreComingAndTokensContinueWhereThePageEnded() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        bed.save((1...5).map { CloudKitTestBed.goal("g\($0)") })
        var token: CloudKitChangeToken?
        var pages: [[String]] = []
        var more = true
        while more {
            guard let page = bed.changes(since: token, limit: 2).zoneChanges else { return XCTFail("no page") }
            pages.append(page.changed.map(\.recordID.recordName))
            token = page.token
            more = page.moreComing
        }
        XCTAssertEqual(pages, [["g1", "g2"], ["g3", "g4"], ["g5"]])
        let idle = bed.changes(since: token).zoneChanges
        XCTAssertEqual(idle?.changed, [])
        XCTAssertEqual(idle?.moreComing, false)
        XCTAssertEqual(idle?.token, token, "no changes: the same token")
    }

    func testChangesSinceATokenGiveLatestStatesAndDeletedIDsOnce() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let saved = bed.save([CloudKitTestBed.goal("g1"), CloudKitTestBed.goal("g2"), CloudKitTestBed.goal("g3")])
        let token = bed.changes().zoneChanges!.token
        var edited = saved[0]
        edited.set("CD_name", .string("v2"))
        edited = bed.save([edited])[0]
        edited.set("CD_name", .string("v3"))
        bed.save([edited])
        bed.send(.modifyRecords(CloudKitModify(deletes: [saved[1].recordID])))
        let changes = bed.changes(since: token).zoneChanges
        XCTAssertEqual(changes?.changed.map(\.recordID.recordName), ["g1"], "one entry for two edits")
        XCTAssertEqual(changes?.changed.first?["CD_name"], .string("v3"))
        XCTAssertEqual(changes?.deleted, [saved[1].recordID])
        XCTAssertEqual(bed.changes().zoneChanges?.deleted, [], "without a token: live records only")
        XCTAssertEqual(bed.changes().zoneChanges?.changed.map(\.recordID.recordName), ["g3", "g1"], "in change order")
    }

    func testScriptedExpiryAndRecreatedZonesMakeOldTokensExpire() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        bed.save([CloudKitTestBed.goal("g1")])
        let old = bed.changes().zoneChanges!.token
        bed.save([CloudKitTestBed.goal("g2")])
        bed.server.expireChangeTokens(zone: "Goals", user: "alice")
        let expired = bed.changes(since: old)
        XCTAssertEqual(expired.code, .changeTokenExpired)
        XCTAssertEqual(expired.error?.code.rawValue, 21)
        let fresh = bed.changes().zoneChanges!.token
        XCTAssertNotNil(bed.changes(since: fresh).zoneChanges, "a token issued after the expiry works")
        bed.send(.deleteZone("Goals"))
        bed.send(.createZone("Goals"))
        XCTAssertEqual(bed.changes(since: fresh).code, .changeTokenExpired, "the zone is a new incarnation")
    }

    func testTokensOlderThanTheHistoryLimitExpire() {
        var config = CloudKitServerConfig()
        config.changeHistoryLimit = 2
        let bed = CloudKitTestBed(config: config)
        bed.send(.createZone("Goals"))
        let token = bed.changes().zoneChanges!.token
        bed.save([CloudKitTestBed.goal("g1"), CloudKitTestBed.goal("g2")])
        XCTAssertNotNil(bed.changes(since: token).zoneChanges, "two changes behind: kept")
        bed.save([CloudKitTestBed.goal("g3")])
        XCTAssertEqual(bed.changes(since: token).code, .changeTokenExpired)
    }

    func testMissingZoneIsZoneNotFoundAndAZoneTheUserDeletedIsUserDeletedZoneUntilRecreated() {
        let bed = CloudKitTestBed()
        XCTAssertEqual(bed.changes().code, .zoneNotFound)
        bed.send(.createZone("Goals"))
        let saved = bed.save([CloudKitTestBed.goal("g1")])[0]
        let token = bed.changes().zoneChanges!.token
        bed.server.userDeletesZone("Goals", user: "alice")
        XCTAssertEqual(bed.changes(since: token).code, .userDeletedZone)
        XCTAssertEqual(bed.changes(since: token).error?.code.rawValue, 28)
        XCTAssertEqual(bed.send(.modifyRecords(CloudKitModify(saves: [saved]))).error?.itemError(saved.recordID)?.code, .userDeletedZone)
        XCTAssertEqual(bed.server.admin.storedBytes(user: "alice"), 0, "the records went with the zone")
        bed.send(.createZone("Goals"))
        XCTAssertEqual(bed.changes().zoneChanges?.changed, [], "recreated empty")
        XCTAssertEqual(bed.changes(since: token).code, .changeTokenExpired)
    }
}
