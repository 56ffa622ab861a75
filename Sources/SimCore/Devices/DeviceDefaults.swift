/// A device's `UserDefaults`: reads see every write at once, but a write is durable only after a
/// flush. Flushes happen a seeded delay after a write, and on `synchronize()`; a kill loses what
/// was not flushed — the reason a "migration completed" flag can vanish.
public final class DeviceDefaults {
    /// What survives a kill.
    public private(set) var durable: [String: JSONValue] = [:]
    /// Writes not yet flushed (`.none` is a removal).
    private var unflushed: [String: JSONValue?] = [:]

    public init() {}

    /// The current value (unflushed writes included).
    public func value(forKey key: String) -> JSONValue? {
        if let pending = unflushed[key] { return pending }
        return durable[key]
    }

    /// Sets or removes (`nil`) a value; not durable until flushed.
    public func set(_ value: JSONValue?, forKey key: String) {
        unflushed[key] = .some(value)
    }

    /// Whether some write is waiting for a flush.
    public var hasUnflushedWrites: Bool { !unflushed.isEmpty }

    /// Makes every write durable; returns how many keys were flushed.
    @discardableResult
    public func flush() -> Int {
        let count = unflushed.count
        for key in unflushed.keys.sorted() {
            if let value = unflushed[key]! { durable[key] = value } else { durable[key] = nil }
        }
        unflushed.removeAll()
        return count
    }

    /// What a kill does: unflushed writes are gone.
    @discardableResult
    public func loseUnflushed() -> Int {
        let count = unflushed.count
        unflushed.removeAll()
        return count
    }
}
