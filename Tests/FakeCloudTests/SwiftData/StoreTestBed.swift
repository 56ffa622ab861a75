import AppleStandIns
import FakeCloud
import SimCore
import XCTest

/// Shared fixtures for the SwiftData store fake's tests: a simulation with one device whose
/// files hold the store, and a small contacts schema in versions the tests derive from.
enum StoreTestBed {
    static let path = "Library/Application Support/default.store"

    /// Runs `body` on the simulation's root task with a fresh device.
    static func run<T: Sendable>(seed: UInt64 = 1, _ body: @escaping @Sendable (Device) async throws -> T) throws -> T {
        let sim = Simulator(seed: seed, options: SimulatorOptions(policy: .fifo))
        let device = sim.addDevice("phone")
        return try sim.run { _ in try await body(device) }
    }

    static func disk(_ device: Device, faults: any StorageFaultPolicy = NoStorageFaults()) -> StoreDisk {
        StoreDisk(files: device.files, faults: faults)
    }

    static func open(
        _ device: Device, _ schema: VersionedSchema, plan: SchemaMigrationPlan? = nil,
        options: StoreFakeOptions = StoreFakeOptions()
    ) async throws -> ModelContainer {
        try await ModelContainer.open(at: path, schema: schema, migrationPlan: plan, disk: disk(device), options: options)
    }

    /// Creates a store of `schema` holding `rows` (entity, values), saved once.
    static func seed(_ device: Device, _ schema: VersionedSchema, _ rows: [(String, [String: StoreValue])]) async throws {
        let context = try await open(device, schema).makeContext()
        for (entity, values) in rows { context.insert(entity, values) }
        try context.save()
    }

    /// Every row of `entity` in the device's store file, read straight from the bytes.
    static func stored(_ device: Device, _ entity: String) -> [ModelRow] {
        guard let bytes = device.files.read(path), let snapshot = StoreSnapshot.decode(bytes) else { return [] }
        return snapshot.rows(of: entity)
    }

    static func metadata(_ device: Device) -> StoreMetadata? {
        device.files.read(path).flatMap(StoreSnapshot.decode)?.metadata
    }

    // MARK: Schemas

    static func person(_ extra: [AttributeShape] = [], name: AttributeShape = AttributeShape("name", .string)) -> EntityShape {
        EntityShape("Person", attributes: [name, AttributeShape("email", .string, optional: true)] + extra)
    }

    /// V1: Person(name, email?).
    static let v1 = VersionedSchema(SchemaVersion(1, 0, 0), [person()])

    static func schema(_ major: Int, _ entities: [EntityShape]) -> VersionedSchema {
        VersionedSchema(SchemaVersion(major, 0, 0), entities)
    }

    static func string(_ text: String) -> StoreValue { .string(text) }

    /// Three people, two of them sharing an email.
    static let people: [(String, [String: StoreValue])] = [
        ("Person", ["name": "Ann", "email": "a@x.ch"]),
        ("Person", ["name": "Bob", "email": "b@x.ch"]),
        ("Person", ["name": "Cem", "email": "a@x.ch"]),
    ]
}
