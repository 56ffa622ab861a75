import Foundation

/// `CoordinatedFileStore` in production, over `LiveFileStore`. On Apple platforms a real app wraps
/// `coordinatedWrite` in `NSFileCoordinator`; this portable version serialises nothing beyond the
/// process itself, which is enough for a command-line tool that is the folder's only writer.
public struct LiveCoordinatedFileStore: CoordinatedFileStore {
    /// The files, relative to the folder's container.
    public let files: LiveFileStore

    public init(root: URL) { files = LiveFileStore(root: root) }

    public func read(_ path: String) async throws -> [UInt8]? { try files.read(path: path).map { Array($0) } }
    public func write(_ path: String, _ bytes: [UInt8]) async throws { try files.write(path: path, data: Data(bytes)) }
    public func remove(_ path: String) async throws { try files.remove(path: path) }

    public func list(prefix: String) async throws -> [String] {
        let root = files.root.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
            if exists && !isDirectory.boolValue && relative.hasPrefix(prefix) { paths.append(relative) }
        }
        return paths.sorted()  // directory listings come back in file-system order
    }

    /// A plain file system keeps no conflict versions (on Apple platforms a real app asks
    /// `NSFileVersion.unresolvedConflictVersionsOfItem(at:)`).
    public func unresolvedConflictVersions(_ path: String) async throws -> [FileConflictVersion] { [] }

    /// None on a plain file system.
    public func pathsWithUnresolvedConflicts(prefix: String) async throws -> [String] { [] }

    /// Nothing to resolve on a plain file system.
    public func resolveConflictVersions(_ path: String, ids: [String]) async throws {}

    public func coordinatedWrite(_ path: String, _ transform: ([UInt8]?) throws -> [UInt8]?) async throws {
        if let bytes = try transform(try await read(path)) { try await write(path, bytes) }
    }
}
