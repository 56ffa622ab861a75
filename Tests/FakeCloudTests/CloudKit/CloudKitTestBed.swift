import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// Requests straight to `CloudKitServer.handle` with a hand-made `ServiceContext`; devices
/// `phone` and `laptop` are signed in to `alice`, `tablet` to `bob`, unless a test changes it.
final class CloudKitTestBed {
    let server: CloudKitServer
    let trace = Trace(recording: true)
    var nowNanoseconds: Int64 = 0
    var requestNumber: UInt64 = 0

    init(config: CloudKitServerConfig = CloudKitServerConfig()) {
        server = CloudKitServer(config: config)
        server.setAccount(.available(user: "alice"), device: "phone")
        server.setAccount(.available(user: "alice"), device: "laptop")
        server.setAccount(.available(user: "bob"), device: "tablet")
    }

    @discardableResult
    func send(_ request: CloudKitRequest, from device: String = "phone") -> CloudKitResponse {
        requestNumber += 1
        let context = ServiceContext(now: SimInstant(nanoseconds: nowNanoseconds), caller: device, requestNumber: requestNumber, trace: trace)
        return server.handle(request, context: context)
    }

    func advance(seconds: Int64) { nowNanoseconds += seconds * 1_000_000_000 }

    /// Saves and returns the server's copies; fails the test on any error.
    @discardableResult
    func save(_ records: [CloudKitRecord], policy: CloudKitSavePolicy = .ifServerRecordUnchanged, from device: String = "phone",
              file: StaticString = #filePath, line: UInt = #line) -> [CloudKitRecord] {
        let response = send(.modifyRecords(CloudKitModify(saves: records, savePolicy: policy)), from: device)
        XCTAssertNil(response.error, "\(String(describing: response.error))", file: file, line: line)
        guard case .modified(let result) = response.outcome else { return [] }
        return result.saved
    }

    func changes(_ zone: String = "Goals", since token: CloudKitChangeToken? = nil, limit: Int? = nil, from device: String = "phone") -> CloudKitResponse {
        send(.fetchZoneChanges(zone: zone, since: token, resultsLimit: limit), from: device)
    }

    static func goal(_ name: String, zone: String = "Goals", title: String = "Trip") -> CloudKitRecord {
        CloudKitRecord("CD_Goal", CloudKitRecordID(name, zone: zone), fields: ["CD_name": .string(title)])
    }
}

extension CloudKitResponse {
    var saved: [CloudKitRecord] { if case .modified(let result) = outcome { return result.saved } else { return [] } }
    var deletedIDs: [CloudKitRecordID] { if case .modified(let result) = outcome { return result.deleted } else { return [] } }
    var zoneChanges: CloudKitZoneChanges? { if case .zoneChanges(let changes) = outcome { return changes } else { return nil } }
    var code: CloudKitErrorCode? { error?.code }
}
