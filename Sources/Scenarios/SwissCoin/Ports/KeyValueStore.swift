import SimCore  // only for `JSONValue`

/// `UserDefaults` as the app uses it (seed l.41, l.47, l.214, l.285). Writes are visible at once in
/// memory but durable only after `synchronize()` (or whenever the system chooses to flush): a process
/// killed between `set` and a flush loses the write. That gap is what SC-6 is about.
public protocol KeyValueStore {
    /// The value, or `nil` when absent.
    func value(forKey key: String) -> JSONValue?
    /// Sets (or, with `nil`, removes) the value in memory.
    func set(_ value: JSONValue?, forKey key: String)
    /// Flushes pending writes to durable storage; `false` if that failed.
    @discardableResult
    func synchronize() -> Bool
}

extension KeyValueStore {
    /// `UserDefaults.string(forKey:)`
    public func string(forKey key: String) -> String? { value(forKey: key)?.stringValue }
    /// `UserDefaults.bool(forKey:)`: `false` when absent.
    public func bool(forKey key: String) -> Bool { value(forKey: key)?.boolValue ?? false }
}
