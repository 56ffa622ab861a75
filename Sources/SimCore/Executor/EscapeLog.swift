import Synchronization

/// The escapes of one run, recorded from any thread.
///
/// Shared by the simulator and its executors. Executors hold it strongly instead of holding the
/// simulator weakly: a weak reference would give the simulator a side table and make every
/// retain and release of it take the runtime's slow path, and an escaped job that comes back
/// after the run ended only needs somewhere to be recorded, not the simulator.
final class EscapeLog: Sendable {
    private let escapes = Mutex<[Escape]>([])
    private let flag = Atomic<Bool>(false)

    /// Records an escape once (the escaped job, if any, is dropped: never run).
    func record(_ escape: Escape) {
        escapes.withLock { list in
            if !list.contains(escape) { list.append(escape) }
        }
        flag.store(true, ordering: .relaxed)
    }

    /// Whether anything escaped (cheap: one relaxed atomic load).
    var hasEscapes: Bool { flag.load(ordering: .relaxed) }

    /// The escapes, in the order first seen.
    var all: [Escape] { escapes.withLock { $0 } }
}
