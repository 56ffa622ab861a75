import AppPorts
import Foundation
import SimCore

/// `LocalFileStore` on a simulated device: its durable files. Each write replaces the whole file at
/// once, so a kill leaves the old or the new bytes.
public final class DeviceFileStore: LocalFileStore, @unchecked Sendable {
    let context: DeviceContext
    public init(_ context: DeviceContext) { self.context = context }

    public func read(path: String) throws -> Data? { context.readFile(path).map { Data($0) } }
    public func write(path: String, data: Data) throws { try context.writeFile(path, Array(data)) }
    public func remove(path: String) throws { try context.removeFile(path) }
}
