import Foundation
import SimCore

/// The app's ports, satisfied by a simulated device. The app sees only its own protocols; these
/// adapters are the only place they meet the simulator.

/// Core Data's store file: the device's durable files.
final class DeviceFiles: LocalFileStore {
    let context: DeviceContext
    init(_ context: DeviceContext) { self.context = context }

    func read(path: String) throws -> Data? { context.readFile(path).map { Data($0) } }
    func write(path: String, data: Data) throws { try context.writeFile(path, Array(data)) }
    func remove(path: String) throws { try context.removeFile(path) }
}

/// `UserDefaults.standard`: lazy flush, lost on a kill unless synchronized.
final class DeviceKeyValues: KeyValueStore {
    let context: DeviceContext
    init(_ context: DeviceContext) { self.context = context }

    func value(forKey key: String) -> JSONValue? { context.defaultsValue(forKey: key) }
    // UserDefaults.set cannot fail; a write from a dead process simply never happens.
    func set(_ value: JSONValue?, forKey key: String) { try? context.setDefaultsValue(value, forKey: key) }
    @discardableResult
    func synchronize() -> Bool { (try? context.synchronizeDefaults()) != nil }
}

/// The device's wall clock (skewed) and time zone.
struct DeviceWallClock: WallClock {
    let context: DeviceContext
    var nowMilliseconds: Int64 { context.wallClockMilliseconds() }
    var timeZoneOffsetSeconds: Int { context.utcOffsetSeconds }
}

/// `UUID()` on the device: seeded, different for every launch.
struct DeviceIDs: IDGenerator {
    let context: DeviceContext
    func uuid() -> String { context.makeUUID() }
}
