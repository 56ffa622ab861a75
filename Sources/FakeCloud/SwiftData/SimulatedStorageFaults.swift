import AppleStandIns
import SimCore

/// The storage fault policy of a simulated device: each write asks SimCore's fault injector
/// (`storage` family, its own stream), so storage faults are seeded, traced, replayed and shrunk
/// like network faults. The subject names the device, the write's ordinal on it and the path.
public final class SimulatedStorageFaults: StorageFaultPolicy, @unchecked Sendable {
    private let faults: FaultInjector
    private let device: String
    /// Writes consulted so far on this device (simulation thread only).
    private var writes = 0

    public init(_ sim: Simulator, device: String) {
        faults = sim.faults
        self.device = device
    }

    public func fault(writing path: String) -> StorageFault? {
        writes += 1
        return faults.decide(.storage, subject: "\(device)#write\(writes) \(path)") { random in
            StorageFaultDetail(random.below(2) == 0 ? .diskFull : .tornWrite)
        }?.fault
    }
}

/// A storage fault as the fault schedule writes it: `disk-full` or `torn-write`.
public struct StorageFaultDetail: FaultDetail {
    public let fault: StorageFault

    public init(_ fault: StorageFault) { self.fault = fault }

    public var text: String { fault == .diskFull ? "disk-full" : "torn-write" }

    public init?(text: String) {
        switch text {
        case "disk-full": fault = .diskFull
        case "torn-write": fault = .tornWrite
        default: return nil
        }
    }
}
