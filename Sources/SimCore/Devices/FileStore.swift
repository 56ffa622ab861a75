/// A device's durable files: whole-file atomic writes that survive a kill (like
/// `Data.write(to:options: .atomic)` followed by a rename). Listings are sorted, never in
/// file-system order.
public final class FileStore {
    private var files: [String: [UInt8]] = [:]
    /// Whole-file writes so far (for reports and benchmarks).
    public private(set) var writes = 0

    public init() {}

    /// The file's bytes, or nil.
    public func read(_ path: String) -> [UInt8]? { files[path] }

    /// Replaces the file atomically.
    public func write(_ path: String, _ bytes: [UInt8]) {
        files[path] = bytes
        writes += 1
    }

    /// Removes the file; false if it was not there.
    @discardableResult
    public func remove(_ path: String) -> Bool { files.removeValue(forKey: path) != nil }

    /// Paths under `prefix`, sorted.
    public func list(prefix: String = "") -> [String] {
        files.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }
}
