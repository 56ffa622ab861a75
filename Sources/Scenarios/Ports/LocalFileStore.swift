import Foundation

/// The device's file system as the app sees it: durable bytes by path. `write` replaces the whole
/// file atomically (`Data.write(to:options: .atomic)`), so a crash leaves the old or the new bytes,
/// never a mix. This is how the port models Core Data's SQLite file (the whole store is one file).
public protocol LocalFileStore: Sendable {
    /// The file's bytes, or `nil` if there is no such file.
    func read(path: String) throws -> Data?
    /// Atomically replaces (or creates) the file.
    func write(path: String, data: Data) throws
    /// Removes the file; no error if it is absent.
    func remove(path: String) throws
}
