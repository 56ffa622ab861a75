import AppPorts
import Foundation
import SimCore

/// `LocalFileStore` on a simulated device: its durable files. Each write replaces the whole file at
/// once, so a kill leaves the old or the new bytes. A deferred write keeps the saved value and
/// makes its bytes on first read (`FileContent`).
public final class DeviceFileStore: DeferringFileStore, @unchecked Sendable {
    let context: DeviceContext
    public init(_ context: DeviceContext) { self.context = context }

    public func read(path: String) throws -> Data? { context.readFile(path).map { Data($0) } }
    public func write(path: String, data: Data) throws { try context.writeFile(path, Array(data)) }
    public func remove(path: String) throws { try context.removeFile(path) }

    public func write(path: String, deferring make: @escaping () -> Data) throws -> AnyObject {
        try context.writeFile(path, deferring: { Array(make()) })
    }

    public func holds(_ token: AnyObject, at path: String) -> Bool { context.fileContent(path) === token }
}
