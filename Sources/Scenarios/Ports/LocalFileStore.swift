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

/// A `LocalFileStore` that can keep a saved value in place of its bytes (a simulated device's file
/// system): the file's bytes are made by `make` when someone first reads them. An app that writes
/// its whole store per save and reads it back from its own in-memory copy then pays for the bytes
/// only when another reader needs them. Only for a `make` that is a pure function of a value
/// saved now: every read returns exactly what an immediate `write(path:data:)` of `make()` would
/// have stored. A live file system has no such thing; code checks for this protocol and otherwise
/// writes bytes.
public protocol DeferringFileStore: LocalFileStore {
    /// Atomically replaces (or creates) the file with the bytes `make` returns, made on first
    /// read. Returns a token that `holds(_:at:)` recognises while the file holds this write.
    func write(path: String, deferring make: @escaping () -> Data) throws -> AnyObject
    /// Whether the file at `path` still holds the write that returned `token`.
    func holds(_ token: AnyObject, at path: String) -> Bool
}
