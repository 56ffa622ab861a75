#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Installs, once per process, a `swift_task_enqueueGlobal_hook` that notices jobs sent to the
/// global concurrent executor from a thread that is running a simulation.
///
/// Such a job is an escape (`Task {}` / `Task.detached` without the simulator's executor
/// preference): it is parked (never run) and the run fails naming the construct. On any other
/// thread the hook calls straight through to the runtime. Verified on Swift 6.3.1/Linux: the
/// hook fires for `Task {}`; `Task.sleep` and `@MainActor` hops do not pass through the C hooks
/// on this toolchain and are caught by the executor instead (a foreign-thread enqueue, or the
/// main-queue check at a stall).
enum EscapeDetector {
    typealias Original = @convention(c) (UnsafeMutableRawPointer) -> Void
    typealias Hook = @convention(c) (UnsafeMutableRawPointer, Original) -> Void

    /// The thread-local key holding the simulator running on this thread (unretained).
    nonisolated(unsafe) private static var key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Installs the hook; idempotent (Swift's lazy static initialisation runs it once).
    static let installed: Bool = {
        _ = key
        #if canImport(Glibc)
        let handle = dlopen(nil, RTLD_NOW)
        #else
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT on Darwin
        #endif
        guard let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook") else { return false }
        let slot = symbol.assumingMemoryBound(to: Hook?.self)
        let previous = slot.pointee
        previousHook = previous
        slot.pointee = { job, original in
            if let simulator = EscapeDetector.currentSimulator, simulator.isRunning {
                simulator.recordEscape(.unstructuredTask)  // the job is never run
                return
            }
            if let previous = EscapeDetector.previousHook {
                previous(job, original)
            } else {
                original(job)
            }
        }
        return true
    }()

    nonisolated(unsafe) private static var previousHook: Hook?

    /// The simulator running on the calling thread, if any.
    static var currentSimulator: Simulator? {
        currentSimulatorReference?.takeUnretainedValue()
    }

    /// The simulator running on the calling thread, unretained (the executor's hot path).
    @inline(__always)
    static var currentSimulatorReference: Unmanaged<Simulator>? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Simulator>.fromOpaque(raw)
    }

    /// Marks the calling thread as running `simulator` (or nothing).
    static func setCurrent(_ simulator: Simulator?) {
        if let simulator {
            pthread_setspecific(key, Unmanaged.passUnretained(simulator).toOpaque())
        } else {
            pthread_setspecific(key, nil)
        }
    }
}
