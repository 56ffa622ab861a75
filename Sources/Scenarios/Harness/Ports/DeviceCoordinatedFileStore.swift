import AppPorts
import FakeCloud
import SimCore

/// `CoordinatedFileStore` on a simulated device. Every call first yields, so each file operation
/// is an await point where the process can be killed and a sync daemon can run;
/// `coordinatedWrite` yields once, then reads, transforms and writes in one step (what
/// `NSFileCoordinator` guarantees). `onChange` hears every path the app writes or removes.
///
/// With `ioMicroseconds`, every operation also takes a drawn time on the device's clock before it
/// acts (flash and file coordination take milliseconds on a phone), so a sync daemon or a second
/// process can write the file between an app's read and its next write, as on a device; without
/// it, file operations take no virtual time.
public struct DeviceCoordinatedFileStore: CoordinatedFileStore {
    let context: DeviceContext
    let onChange: (@Sendable (String) -> Void)?
    let ioMicroseconds: ClosedRange<Int>?

    public init(_ context: DeviceContext, ioMicroseconds: ClosedRange<Int>? = nil, onChange: (@Sendable (String) -> Void)? = nil) {
        precondition(ioMicroseconds.map { $0.lowerBound >= 0 } ?? true, "an operation cannot take negative time")
        self.context = context
        self.ioMicroseconds = ioMicroseconds
        self.onChange = onChange
    }

    /// The await point before an operation: a yield, or the operation's drawn duration.
    private func io() async throws {
        guard let range = ioMicroseconds else { return await Task.yield() }
        let micros = range.lowerBound + context.randomBelow(range.count)
        try await context.sleep(for: .microseconds(micros))
    }

    public func read(_ path: String) async throws -> [UInt8]? {
        try await io()
        return context.readFile(path)
    }

    public func write(_ path: String, _ bytes: [UInt8]) async throws {
        try await io()
        try context.writeFile(path, bytes)
        onChange?(path)
    }

    public func remove(_ path: String) async throws {
        try await io()
        guard context.readFile(path) != nil else { return }
        try context.removeFile(path)
        onChange?(path)
    }

    public func list(prefix: String) async throws -> [String] {
        try await io()
        return context.listFiles(prefix: prefix)
    }

    /// The version files a cloud folder's daemon keeps for `path` (`ICloudVersionStore`).
    public func unresolvedConflictVersions(_ path: String) async throws -> [FileConflictVersion] {
        try await io()
        var versions: [(id: Int, bytes: [UInt8])] = []
        for file in context.listFiles(prefix: ICloudVersionStore.prefix(of: path)) {
            guard let id = ICloudVersionStore.id(in: file, of: path), let bytes = context.readFile(file) else { continue }
            versions.append((id, bytes))
        }
        return versions.sorted { $0.id < $1.id }.map { FileConflictVersion(id: String($0.id), bytes: $0.bytes) }
    }

    public func pathsWithUnresolvedConflicts(prefix: String) async throws -> [String] {
        try await io()
        let paths = context.listFiles(prefix: ICloudVersionStore.root + prefix).compactMap(ICloudVersionStore.file(ofVersion:))
        return Array(Set(paths)).sorted()
    }

    /// Removes the version files; the daemon tells the server on its next tick.
    public func resolveConflictVersions(_ path: String, ids: [String]) async throws {
        try await io()
        for id in ids {
            guard let number = Int(id) else { continue }
            let file = ICloudVersionStore.path(of: path, id: number)
            if context.readFile(file) != nil { try context.removeFile(file) }
        }
    }

    public func coordinatedWrite(_ path: String, _ transform: ([UInt8]?) throws -> [UInt8]?) async throws {
        try await io()
        if let bytes = try transform(context.readFile(path)) {
            guard bytes != context.readFile(path) else { return }
            try context.writeFile(path, bytes)
            onChange?(path)
        }
    }
}
