import AppleStandIns
import SimCore

// A simulated device's files as a store's disk: `DeviceContext` (a launched app's files; it
// refuses writes from a killed incarnation) and `FileStore` (a device's files seen from outside a
// launched app: tests and harness code). The protocol is AppleStandIns'; the conformances live
// here because only FakeCloud sees both it and the kernel.

extension DeviceContext: StoreFileSystem {
    public func writeFileLazily(_ path: String, value: Any?, _ make: @escaping () -> [UInt8]) throws {
        try writeFile(path, value: value, deferring: make)
    }
    public func readValue(_ path: String) -> Any? { fileContent(path)?.value }
}

extension FileStore: StoreFileSystem {
    public func readFile(_ path: String) -> [UInt8]? { read(path) }
    public func writeFile(_ path: String, _ bytes: [UInt8]) throws { write(path, bytes) }
    public func removeFile(_ path: String) throws { remove(path) }
    public func writeFileLazily(_ path: String, value: Any?, _ make: @escaping () -> [UInt8]) throws {
        write(path, FileContent(deferring: make, value: value))
    }
    public func readValue(_ path: String) -> Any? { content(path)?.value }
}
