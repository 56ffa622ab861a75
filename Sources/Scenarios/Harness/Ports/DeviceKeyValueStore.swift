import AppPorts
import SimCore

/// `KeyValueStore` on a simulated device: `UserDefaults` with a lazy flush, lost on a kill unless
/// synchronized. `domain` prefixes every key (an app extension is another process with its own
/// defaults domain).
public struct DeviceKeyValueStore: KeyValueStore {
    let context: DeviceContext
    let domain: String

    public init(_ context: DeviceContext, domain: String = "") {
        self.context = context
        self.domain = domain
    }

    public func value(forKey key: String) -> JSONValue? { context.defaultsValue(forKey: domain + key) }
    // UserDefaults.set cannot fail; a write from a dead process simply never happens.
    public func set(_ value: JSONValue?, forKey key: String) { try? context.setDefaultsValue(value, forKey: domain + key) }
    @discardableResult
    public func synchronize() -> Bool { (try? context.synchronizeDefaults()) != nil }
}
