/// A device's durable files: whole-file atomic writes that survive a kill (like
/// `Data.write(to:options: .atomic)` followed by a rename). Listings are sorted, never in
/// file-system order. A file may hold a saved value whose bytes are made on first read
/// (`FileContent`).
public final class FileStore {
    private var files: [String: FileContent] = [:]
    /// When each file was last written (virtual time), when the store has a `clock`.
    private var modified: [String: SimInstant] = [:]
    /// Whole-file writes so far (for reports and benchmarks).
    public private(set) var writes = 0
    /// Writes and removals so far: equal counts mean no file changed in between.
    public private(set) var changes = 0
    /// The virtual clock writes are stamped with (a device's store has its simulator's).
    var clock: (() -> SimInstant)?

    public init() {}

    /// The file's bytes, or nil.
    public func read(_ path: String) -> [UInt8]? { files[path]?.bytes }

    /// Whether the file exists (without making a deferred file's bytes).
    public func contains(_ path: String) -> Bool { files[path] != nil }

    /// What the file holds now, or nil (its identity tells a writer whether its write is still there).
    public func content(_ path: String) -> FileContent? { files[path] }

    /// Replaces the file atomically.
    public func write(_ path: String, _ bytes: [UInt8]) {
        write(path, FileContent(bytes: bytes))
    }

    /// Replaces the file atomically with `content`.
    public func write(_ path: String, _ content: FileContent) {
        files[path] = content
        writes += 1
        changes += 1
        if let clock { modified[path] = clock() }
    }

    /// When the file was last written (its modification date, in virtual time), or nil.
    public func modificationTime(_ path: String) -> SimInstant? { files[path] == nil ? nil : modified[path] }

    /// Removes the file; false if it was not there.
    @discardableResult
    public func remove(_ path: String) -> Bool {
        modified[path] = nil
        guard files.removeValue(forKey: path) != nil else { return false }
        changes += 1
        return true
    }

    /// Paths under `prefix`, sorted.
    public func list(prefix: String = "") -> [String] {
        files.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }
}
