/// The durable files a store lives in. Each `writeFile` replaces the whole file atomically (the
/// old bytes or the new, never a mix), as `FileStore` and `DeviceContext.writeFile` do. On a
/// simulated device, SimCore's `DeviceContext` conforms as it is (and refuses writes from a killed
/// incarnation) and `FileStore` for tests and harness code outside a launched app; both
/// conformances are FakeCloud's (`StoreFileSystem+Devices.swift`), since this target never sees
/// the kernel.
public protocol StoreFileSystem {
    /// The file's bytes, or nil when there is no such file.
    func readFile(_ path: String) -> [UInt8]?
    /// Replaces the file atomically.
    func writeFile(_ path: String, _ bytes: [UInt8]) throws
    /// Removes the file.
    func removeFile(_ path: String) throws
    /// Replaces the file atomically with the bytes `make` returns, which may be made only when
    /// the file is first read (`FileContent`): `make` must be a pure function of values saved now.
    /// `value` is what the bytes encode (kept for `readValue`). The default writes `make()` at once.
    func writeFileLazily(_ path: String, value: Any?, _ make: @escaping () -> [UInt8]) throws
    /// The value a lazy write kept, while the file still holds that write (nil: read the bytes).
    /// The default keeps none.
    func readValue(_ path: String) -> Any?
}

extension StoreFileSystem {
    public func writeFileLazily(_ path: String, value: Any?, _ make: @escaping () -> [UInt8]) throws { try writeFile(path, make()) }
    public func readValue(_ path: String) -> Any? { nil }
}
