/// The disk a store and the app's own file code write through: the device's files plus the
/// storage fault policy. Two ways to write:
/// - `writeAtomically` — what the store's save does (SQLite commits through its journal;
///   `Data.write(options: .atomic)` writes a temporary file and renames it): the file holds the
///   old bytes or the new, never a mix. Disk full fails before anything changes; a torn write
///   tears only the temporary file, which is never renamed — the call fails, the old file stays.
/// - `writeNonAtomically` — what naive code does (`Data.write` without `.atomic`, a backup copied
///   chunk by chunk): the file is truncated, then filled chunk by chunk with a suspension between
///   chunks, so a kill leaves it empty or cut short; disk full leaves it truncated; a torn write
///   leaves the first half.
public struct StoreDisk {
    /// The durable files.
    public let files: any StoreFileSystem
    /// Decides which writes fail.
    public let faults: any StorageFaultPolicy

    /// A disk; faults never happen unless a policy says so.
    public init(files: any StoreFileSystem, faults: any StorageFaultPolicy = NoStorageFaults()) {
        self.files = files
        self.faults = faults
    }

    /// The file's bytes, or nil.
    public func read(_ path: String) -> [UInt8]? { files.readFile(path) }

    /// The value a deferred write kept (see `writeAtomically(_:value:deferring:)`), while the file
    /// still holds it; nil: read the bytes.
    public func readValue(_ path: String) -> Any? { files.readValue(path) }

    /// Removes the file.
    public func remove(_ path: String) throws { try files.removeFile(path) }

    /// Replaces the file whole, or throws and leaves it as it was.
    public func writeAtomically(_ path: String, _ bytes: [UInt8]) throws {
        switch faults.fault(writing: path) {
        case .diskFull: throw StoreDiskError.diskFull(path: path)
        case .tornWrite: throw StoreDiskError.tornWrite(path: path)
        case nil: try files.writeFile(path, bytes)
        }
    }

    /// `writeAtomically` with bytes that `make` returns, made when the file is first read where the
    /// files allow it (`StoreFileSystem.writeFileLazily`): a store that saves its whole state per
    /// change then encodes it only when someone reads the file. Faults are decided exactly as for
    /// `writeAtomically` (neither depends on the bytes). `value`, what the bytes encode, is kept
    /// for `readValue`: a reader may take it instead of decoding the bytes only when decoding them
    /// gives exactly it.
    public func writeAtomically(_ path: String, value: Any? = nil, deferring make: @escaping () -> [UInt8]) throws {
        switch faults.fault(writing: path) {
        case .diskFull: throw StoreDiskError.diskFull(path: path)
        case .tornWrite: throw StoreDiskError.tornWrite(path: path)
        case nil: try files.writeFileLazily(path, value: value, make)
        }
    }

    /// Truncates the file, then writes `bytes` chunk by chunk, suspending after the truncation
    /// and after every chunk (each a point where a kill can land).
    public func writeNonAtomically(_ path: String, _ bytes: [UInt8], chunkSize: Int = 4_096) async throws {
        precondition(chunkSize > 0, "chunks hold at least one byte")
        let fault = faults.fault(writing: path)
        try files.writeFile(path, [])
        await Task.yield()
        if fault == .diskFull { throw StoreDiskError.diskFull(path: path) }
        let limit = fault == .tornWrite ? bytes.count / 2 : bytes.count
        var written = 0
        while written < limit {
            written = min(written + chunkSize, limit)
            try files.writeFile(path, Array(bytes[..<written]))
            await Task.yield()
        }
        if fault == .tornWrite { throw StoreDiskError.tornWrite(path: path) }
    }
}
