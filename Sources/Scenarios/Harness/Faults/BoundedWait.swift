import SimCore

/// A wait on the simulator's clock with a bound that fails the run loudly: it polls `condition`
/// every `interval` and returns true when it holds, false when `device` stopped first (the
/// caller decides what a stopped device means). When `polls` run out it reports the bound to
/// the simulator (`noteBoundHit`), which the runner turns into a liveness violation: the
/// scenario did not reach the situation it is about, and must not pass as if it had.
/// `notesBound: false` is for a wait that is only patience (a user who keeps the app open a
/// while): the script goes on either way, and running out is no failure.
public enum BoundedWait {
    public static func until(
        _ what: @autoclosure () -> String, in sim: Simulator, device: Device? = nil,
        every interval: Duration = .milliseconds(100), polls: Int, notesBound: Bool = true, _ condition: () -> Bool
    ) async -> Bool {
        precondition(polls > 0, "a wait needs at least one poll")
        for _ in 0..<polls {
            if condition() { return true }
            if let device, device.state != .running { return false }
            await sim.sleep(for: interval)
        }
        if condition() { return true }
        guard notesBound else { return false }
        let seconds = (interval * polls).components.seconds
        sim.noteBoundHit("waited \(seconds) s for \(what())\(device.map { " on \($0.name)" } ?? "")")
        return false
    }
}
