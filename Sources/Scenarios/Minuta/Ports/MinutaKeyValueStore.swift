extension Minuta {
    /// `UserDefaults.standard` of one process (the app and its App Intents extension each have their
    /// own domain). Writes are visible at once but durable only after a flush or `synchronize()`.
    public protocol KeyValueStore: Sendable {
        func string(forKey key: String) -> String?
        func bool(forKey key: String) -> Bool
        func set(_ value: String?, forKey key: String)
        func set(_ value: Bool, forKey key: String)
        /// Flushes now; false when the process is gone.
        @discardableResult
        func synchronize() -> Bool
    }
}
