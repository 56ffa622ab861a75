import AppleStandIns
import SimCore
import XCTest

/// Accounts: one private database per iCloud account, status changes during a run, and the
/// errors of a device without a usable account.
final class CloudKitAccountTests: XCTestCase {
    func testEachAccountHasItsOwnPrivateDatabase() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        bed.save([CloudKitTestBed.goal("g1")])
        XCTAssertEqual(bed.changes(from: "laptop").zoneChanges?.changed.map(\.recordID.recordName), ["g1"], "same account, other device")
        XCTAssertEqual(bed.changes(from: "tablet").code, .zoneNotFound, "bob's database has no such zone")
        bed.send(.createZone("Goals"), from: "tablet")
        XCTAssertEqual(bed.changes(from: "tablet").zoneChanges?.changed, [], "bob sees none of alice's records")
        XCTAssertEqual(bed.server.admin.records.map { "\($0.user):\($0.record.recordID.recordName)" }, ["alice:g1"])
    }

    func testSignedOutDeviceGetsNotAuthenticatedAndItsStatusSaysNoAccount() {
        let bed = CloudKitTestBed()
        bed.server.setAccount(.noAccount, device: "phone")
        XCTAssertEqual(bed.send(.createZone("Goals")).code, .notAuthenticated)
        XCTAssertEqual(bed.send(.modifyRecords(CloudKitModify(saves: [CloudKitTestBed.goal("g1")]))).error?.code.rawValue, 9)
        XCTAssertEqual(bed.send(.accountStatus).outcome, .accountStatus(.noAccount, userRecordName: nil))
        XCTAssertEqual(bed.send(.createZone("Goals"), from: "never-set-up").code, .notAuthenticated, "a device never signed in has no account")
        bed.server.setAccount(.restricted, device: "phone")
        XCTAssertEqual(bed.send(.accountStatus).outcome, .accountStatus(.restricted, userRecordName: nil))
        XCTAssertEqual(bed.send(.createZone("Goals")).code, .notAuthenticated)
    }

    func testADuplicateDeliveredAfterAnAccountSwitchActsForTheAccountThatSentIt() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let request = CloudKitRequest.modifyRecords(CloudKitModify(saves: [CloudKitTestBed.goal("g1")]))
        bed.send(request)
        let sentAsAlice = bed.requestNumber
        bed.server.setAccount(.available(user: "bob"), device: "phone")
        bed.send(.createZone("Goals"))
        let again = ServiceContext(now: SimInstant(nanoseconds: 0), caller: "phone", requestNumber: sentAsAlice, trace: bed.trace)
        _ = bed.server.handle(request, context: again)
        XCTAssertEqual(bed.server.admin.records.map { "\($0.user):\($0.record.recordID.recordName)" }, ["alice:g1"], "nothing reaches bob")
    }

    func testAMirroredRequestIsServedOnlyWhileTheDeviceIsSignedInToItsAccount() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        let save = CloudKitRequest.modifyRecords(CloudKitModify(saves: [CloudKitTestBed.goal("g1")]))
        XCTAssertNil(bed.send(.mirrored(user: "alice", save)).error, "alice's device, alice's mirroring")
        bed.server.setAccount(.available(user: "bob"), device: "phone")
        bed.send(.createZone("Goals"))
        let refused = bed.send(.mirrored(user: "alice", .modifyRecords(CloudKitModify(saves: [CloudKitTestBed.goal("g2")]))))
        XCTAssertEqual(refused.code, .notAuthenticated, "an operation for alice after the switch to bob")
        XCTAssertEqual(bed.send(.mirrored(user: "alice", .fetchZoneChanges(zone: "Goals", since: nil, resultsLimit: nil))).code, .notAuthenticated)
        bed.server.setAccount(.noAccount, device: "phone")
        XCTAssertEqual(bed.send(.mirrored(user: "alice", save)).code, .notAuthenticated, "signed out")
        XCTAssertEqual(bed.server.admin.records.map { "\($0.user):\($0.record.recordID.recordName)" }, ["alice:g1"], "nothing reached bob")
        bed.server.setAccount(.available(user: "bob"), device: "phone")
        XCTAssertNil(bed.send(.mirrored(user: "bob", .modifyRecords(CloudKitModify(saves: [CloudKitTestBed.goal("g3")])))).error)
        XCTAssertEqual(bed.server.admin.records.map { "\($0.user):\($0.record.recordID.recordName)" }, ["alice:g1", "bob:g3"])
    }

    func testTemporarilyUnavailableAccountFailsWithCode36AndKeepsItsData() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        bed.save([CloudKitTestBed.goal("g1")])
        bed.server.setAccount(.temporarilyUnavailable(user: "alice"), device: "phone")
        XCTAssertEqual(bed.send(.accountStatus).outcome, .accountStatus(.temporarilyUnavailable, userRecordName: "alice"))
        XCTAssertEqual(bed.changes().error?.code.rawValue, 36)
        bed.server.setAccount(.available(user: "alice"), device: "phone")
        XCTAssertEqual(bed.changes().zoneChanges?.changed.count, 1)
    }

    func testSwitchingAppleIDMidRunAnswersAsTheNewAccount() {
        let bed = CloudKitTestBed()
        bed.send(.createZone("Goals"))
        bed.save([CloudKitTestBed.goal("g1")])
        bed.server.setAccount(.available(user: "carol"), device: "phone")
        XCTAssertEqual(bed.send(.accountStatus).outcome, .accountStatus(.available, userRecordName: "carol"))
        XCTAssertEqual(bed.changes().code, .zoneNotFound, "carol's database is empty")
        bed.server.setAccount(.available(user: "alice"), device: "phone")
        XCTAssertEqual(bed.changes().zoneChanges?.changed.count, 1, "alice's data is still in alice's database")
        XCTAssertEqual(bed.server.admin.users, ["alice", "bob", "carol"])
    }
}
