/// A storage fault a write can meet.
public enum StorageFault: Sendable, Hashable {
    /// No space left: the write fails before anything reaches the file.
    case diskFull
    /// The write stops part-way (I/O error or power loss mid-write): only a prefix of the bytes
    /// reaches the disk.
    case tornWrite
}

/// The error a faulted write throws (`NSFileWriteOutOfSpaceError` 640; an interrupted write
/// `NSFileWriteUnknownError` 512).
public enum StoreDiskError: Error, Sendable, Hashable {
    case diskFull(path: String)
    case tornWrite(path: String)

    /// The `NSCocoaErrorDomain` code.
    public var code: Int {
        switch self {
        case .diskFull: return 640
        case .tornWrite: return 512
        }
    }
}

/// Decides, write by write, whether a storage fault happens. A simulation wires its fault plan in
/// through this hook (FakeCloud's `SimulatedStorageFaults`, which this target does not see); it is
/// consulted once per file write, in program order, on the simulation's thread.
public protocol StorageFaultPolicy: AnyObject, Sendable {
    func fault(writing path: String) -> StorageFault?
}

/// The default: storage never fails.
public final class NoStorageFaults: StorageFaultPolicy {
    /// The policy.
    public init() {}
    /// Never a fault.
    public func fault(writing path: String) -> StorageFault? { nil }
}

/// A deterministic test policy: the writes it faults are named by their ordinal among the
/// writes to paths with `prefix` (0 = the first such write). It records every decision.
/// Touched only on the simulation's thread, hence `@unchecked Sendable`.
public final class ScriptedStorageFaults: StorageFaultPolicy, @unchecked Sendable {
    private let script: [Int: StorageFault]
    private let prefix: String
    /// Writes consulted so far (paths under `prefix`).
    public private(set) var writes = 0
    /// (ordinal, path, fault) of every write that was faulted.
    public private(set) var fired: [(ordinal: Int, path: String, fault: StorageFault)] = []

    /// Faults the writes whose ordinals `script` names.
    public init(_ script: [Int: StorageFault], prefix: String = "") {
        self.script = script
        self.prefix = prefix
    }

    /// The scripted fault of this write, if any.
    public func fault(writing path: String) -> StorageFault? {
        guard path.hasPrefix(prefix) else { return nil }
        let ordinal = writes
        writes += 1
        guard let fault = script[ordinal] else { return nil }
        fired.append((ordinal, path, fault))
        return fault
    }
}
