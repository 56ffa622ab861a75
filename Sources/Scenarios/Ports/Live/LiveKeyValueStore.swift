import Foundation
import SimValues

/// `KeyValueStore` in production: a `UserDefaults` domain. Values are stored as their canonical
/// JSON text, so every `JSONValue` round-trips.
public struct LiveKeyValueStore: KeyValueStore, @unchecked Sendable {
    // UserDefaults is documented as thread-safe; it is not marked Sendable on every platform.
    private let defaults: UserDefaults

    public init(_ defaults: UserDefaults = .standard) { self.defaults = defaults }

    public func value(forKey key: String) -> JSONValue? {
        guard let text = defaults.string(forKey: key) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    public func set(_ value: JSONValue?, forKey key: String) {
        defaults.set(value?.canonicalText, forKey: key)
    }

    @discardableResult
    public func synchronize() -> Bool { defaults.synchronize() }
}
