import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// A simulation with a CloudKit server and two devices of alice's (`phone`, `laptop`) that run a
/// CryptoSavings-shaped store (Goal 1—n Allocation) mirrored through `CloudKitMirror`.
final class MirrorTestBed: @unchecked Sendable {
    static let path = "Library/Application Support/default.store"
    /// Allocation is declared first so its records are exported (and arrive) before their goals.
    static let schema = VersionedSchema(SchemaVersion(1, 0, 0), [
        EntityShape("Allocation", attributes: [AttributeShape("amount", .minorUnits, defaultValue: 0)],
                    relationships: [RelationshipShape("goal", to: "Goal", inverse: "allocations")]),
        EntityShape("Goal", attributes: [
            AttributeShape("name", .string, defaultValue: ""), AttributeShape("deadline", .date, optional: true),
            AttributeShape("snapshot", .data, optional: true), AttributeShape("done", .bool, defaultValue: false),
        ], relationships: [RelationshipShape("allocations", to: "Allocation", toMany: true, inverse: "goal")]),
    ])

    let sim: Simulator
    let handle: ServiceHandle<CloudKitServer>
    let phone: Device
    let laptop: Device
    var options = CloudKitMirrorOptions()

    init(config: CloudKitServerConfig = CloudKitServerConfig(), seed: UInt64 = 3, faults: FaultSource = .plan(.none)) {
        sim = Simulator(seed: seed, options: SimulatorOptions(policy: .fifo, recordTrace: true, faultSource: faults))
        let server = CloudKitServer(simulator: sim, config: config)
        server.setAccount(.available(user: "alice"), device: "phone")
        server.setAccount(.available(user: "alice"), device: "laptop")
        handle = sim.network.register(server)
        phone = sim.addDevice("phone")
        laptop = sim.addDevice("laptop")
    }

    var server: CloudKitServer { sim.network.service(handle) }

    /// Runs `body` as one launch of the app on `device` with its store and mirror.
    func step(_ device: Device, expectFailure: Bool = false, _ body: @escaping @Sendable (ModelContext, CloudKitMirror) async throws -> Void) async {
        let handle = self.handle
        let options = self.options
        device.launch { context in
            do {
                let container = try await ModelContainer.open(at: Self.path, schema: Self.schema, disk: StoreDisk(files: context))
                let mirror = CloudKitMirror(container: container, options: options, makeUUID: { context.makeUUID() }) { request in
                    try await context.callCloudKit(handle, request, timeout: .seconds(30))
                }
                try await body(container.makeContext(), mirror)
            } catch {
                if !expectFailure { XCTFail("\(device.name): \(error)") }
            }
        }
        await device.waitUntilStopped()
    }

    /// Runs the scenario on the simulation's root task.
    func run(_ scenario: @escaping @Sendable (MirrorTestBed) async throws -> Void) throws {
        try sim.run { [self] _ in try await scenario(self) }
    }

    /// The device's committed rows of `entity`, read from its store file.
    func rows(_ device: Device, _ entity: String) -> [ModelRow] {
        device.files.read(Self.path).flatMap(StoreSnapshot.decode)?.rows(of: entity) ?? []
    }

    /// Goal names on a device, sorted.
    func goalNames(_ device: Device) -> [String] { rows(device, "Goal").compactMap { $0["name"]?.stringValue }.sorted() }

    /// Record names and types on the server for a user.
    func serverRecords(_ user: String = "alice") -> [CloudKitRecord] { server.admin.records(user: user).map(\.record) }
}

/// A value handed out of a simulated device (simulation thread only).
final class MirrorBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
