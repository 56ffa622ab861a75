/// Waiting in app code (`Task.sleep` in an app): on a simulated device the wait passes on the
/// simulator's clock, so a seed replays it exactly.
public protocol Pause: Sendable {
    /// Waits `milliseconds`, or less when the task is cancelled (a killed app).
    func pause(milliseconds: Int64) async
}
