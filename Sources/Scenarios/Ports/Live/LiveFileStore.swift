import Foundation

/// `LocalFileStore` in production: files under a root directory (the app's container), written
/// with `Data.write(to:options: .atomic)`.
public struct LiveFileStore: LocalFileStore {
    /// The directory the paths are relative to.
    public let root: URL

    public init(root: URL) { self.root = root }

    public func read(path: String) throws -> Data? {
        let url = root.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    public func write(path: String, data: Data) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }

    public func remove(path: String) throws {
        let url = root.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }
}
