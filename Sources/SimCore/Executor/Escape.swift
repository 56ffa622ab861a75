/// A construct that left the simulation: its work would run on a real thread or a real clock,
/// outside the seed's control.
public enum Escape: Sendable, Hashable, CustomStringConvertible {
    /// `Task {}` or `Task.detached` started from simulated code without the simulator's executor
    /// preference (detected when the runtime enqueues it on the global executor).
    case unstructuredTask
    /// A job of a simulated task was enqueued from another thread: a `Task.sleep` on a real clock
    /// waking up, or a continuation resumed from Dispatch or a thread.
    case foreignThreadResume
    /// Simulated code hopped to `@MainActor` (found waiting on the main queue at a stall).
    case mainActorHop
    /// A simulator API (`api`) was called from outside the simulation's thread.
    case apiOutsideSimulation(api: String)

    public var description: String {
        switch self {
        case .unstructuredTask:
            return "Task {} or Task.detached left the simulation (no executor preference): use the device's task group or start it with the simulator's executor"
        case .foreignThreadResume:
            return "a simulated task was resumed from another thread: Task.sleep on a real clock, or a continuation resumed by Dispatch or a thread; use the device clock (any Clock<Duration>) and simulated I/O"
        case .mainActorHop:
            return "simulated code hopped to @MainActor, whose jobs run on the main queue outside the simulation; simulated modules must not use the main actor"
        case .apiOutsideSimulation(let api):
            return "\(api) was called from outside the simulation's thread (Task {}, Task.detached, @MainActor or Dispatch)"
        }
    }
}
