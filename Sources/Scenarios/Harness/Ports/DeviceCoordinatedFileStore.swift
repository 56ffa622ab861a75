import AppPorts
import SimCore

/// `CoordinatedFileStore` on a simulated device. Every call first yields, so each file operation
/// is an await point where the process can be killed and a sync daemon can run;
/// `coordinatedWrite` yields once, then reads, transforms and writes in one step (what
/// `NSFileCoordinator` guarantees). `onChange` hears every path the app writes or removes.
public struct DeviceCoordinatedFileStore: CoordinatedFileStore {
    let context: DeviceContext
    let onChange: (@Sendable (String) -> Void)?

    public init(_ context: DeviceContext, onChange: (@Sendable (String) -> Void)? = nil) {
        self.context = context
        self.onChange = onChange
    }

    public func read(_ path: String) async throws -> [UInt8]? {
        await Task.yield()
        return context.readFile(path)
    }

    public func write(_ path: String, _ bytes: [UInt8]) async throws {
        await Task.yield()
        try context.writeFile(path, bytes)
        onChange?(path)
    }

    public func remove(_ path: String) async throws {
        await Task.yield()
        guard context.readFile(path) != nil else { return }
        try context.removeFile(path)
        onChange?(path)
    }

    public func list(prefix: String) async throws -> [String] {
        await Task.yield()
        return context.listFiles(prefix: prefix)
    }

    public func coordinatedWrite(_ path: String, _ transform: ([UInt8]?) throws -> [UInt8]?) async throws {
        await Task.yield()
        if let bytes = try transform(context.readFile(path)) {
            guard bytes != context.readFile(path) else { return }
            try context.writeFile(path, bytes)
            onChange?(path)
        }
    }
}
