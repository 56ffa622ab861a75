/// A folder on the device that another process (a cloud folder's sync daemon) also changes: the
/// app's `FileManager` with `NSFileCoordinator`. Paths are relative to the app's container.
///
/// Every call is an `await`: a point where the process may be killed and where the folder's
/// sync daemon (another process) may change files. Writes are atomic whole-file replacements
/// (`Data.write(to:options: .atomic)`).
public protocol CoordinatedFileStore: Sendable {
    /// The file's bytes, or nil when there is no such (downloaded) file.
    func read(_ path: String) async throws -> [UInt8]?
    /// Replaces the file atomically (creating directories as needed).
    func write(_ path: String, _ bytes: [UInt8]) async throws
    /// Removes the file (no error when it is absent).
    func remove(_ path: String) async throws
    /// Paths under `prefix`, sorted (directory listings are never in file-system order).
    func list(prefix: String) async throws -> [String]
    /// A coordinated read-merge-write of one file (`NSFileCoordinator.coordinate(writingItemAt:
    /// options: .forMerging)`): `transform` gets the bytes on disk at that instant and returns
    /// the bytes to write (nil: write nothing); nothing else touches the file in between.
    func coordinatedWrite(_ path: String, _ transform: ([UInt8]?) throws -> [UInt8]?) async throws
    /// The file's unresolved conflict versions (`NSFileVersion.unresolvedConflictVersionsOfItem(at:)`):
    /// writes a cloud folder kept aside when another save won the path (iCloud Drive does this
    /// for edit conflicts, with no visible copy). Oldest first.
    func unresolvedConflictVersions(_ path: String) async throws -> [FileConflictVersion]
    /// The files under `prefix` that have unresolved conflict versions, sorted (an
    /// `NSMetadataQuery` for `NSMetadataUbiquitousItemHasUnresolvedConflictsKey == true`).
    func pathsWithUnresolvedConflicts(prefix: String) async throws -> [String]
    /// Resolves and removes the versions `ids` of the file (`isResolved = true`, then `remove()`),
    /// on every device once the folder syncs.
    func resolveConflictVersions(_ path: String, ids: [String]) async throws
}

/// A hidden conflict version of a file (`NSFileVersion` with `isConflict`).
public struct FileConflictVersion: Sendable, Equatable {
    /// Identifies the version among the file's versions.
    public let id: String
    /// Its contents.
    public let bytes: [UInt8]

    public init(id: String, bytes: [UInt8]) {
        self.id = id
        self.bytes = bytes
    }
}
