import SimValues

/// `UserDefaults` as an app uses it. Writes are visible at once in memory but durable only after
/// `synchronize()` (or whenever the system chooses to flush): a process killed between `set` and
/// a flush loses the write.
public protocol KeyValueStore: Sendable {
    /// The value, or `nil` when absent.
    func value(forKey key: String) -> JSONValue?
    /// Sets (or, with `nil`, removes) the value in memory.
    func set(_ value: JSONValue?, forKey key: String)
    /// Flushes pending writes to durable storage; `false` if that failed (the process is gone).
    @discardableResult
    func synchronize() -> Bool
}

extension KeyValueStore {
    /// `UserDefaults.string(forKey:)`
    public func string(forKey key: String) -> String? { value(forKey: key)?.stringValue }
    /// `UserDefaults.bool(forKey:)`: `false` when absent.
    public func bool(forKey key: String) -> Bool { value(forKey: key)?.boolValue ?? false }
    /// `UserDefaults.set(_:forKey:)` with a string (nil removes the key).
    public func set(_ value: String?, forKey key: String) { set(value.map { JSONValue.string($0) }, forKey: key) }
    /// `UserDefaults.set(_:forKey:)` with a Boolean.
    public func set(_ value: Bool, forKey key: String) { set(JSONValue.bool(value), forKey: key) }
}
