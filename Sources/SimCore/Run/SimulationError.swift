/// Why a run could not be judged: the harness, not the code under test, is in trouble — or the
/// code under test left the simulation.
public enum SimulationError: Error, Sendable, CustomStringConvertible {
    /// Simulated code escaped the simulation (each construct named).
    case escape([Escape])
    /// The root task is unfinished, nothing is runnable and no timer is pending.
    case stall(pending: String)
    /// The event budget ran out before the root task finished.
    case budgetExhausted(events: Int, pending: String)
    /// `run` was called twice on one simulator.
    case alreadyRun

    public var description: String {
        switch self {
        case .escape(let escapes):
            return "escape: " + escapes.map(\.description).joined(separator: "; ")
        case .stall(let pending):
            return "stall: the root task is unfinished and nothing is runnable (no ready job, no timer). "
                + "A task is waiting on something outside the simulation (a continuation never resumed, "
                + "Task.sleep on a real clock, Dispatch, @MainActor). Pending: \(pending)"
        case .budgetExhausted(let events, let pending):
            return "event budget exhausted after \(events) events. Pending: \(pending)"
        case .alreadyRun:
            return "a Simulator runs once; create a new one for each run"
        }
    }
}

/// Thrown to simulated code that calls a simulator API from outside the simulation.
public struct OutsideSimulationError: Error, Sendable, CustomStringConvertible {
    public let api: String
    public var description: String { "\(api) called outside the simulation" }
}
