import SimHarness

/// How the devices' syncing goes, for the stage, the scenarios and healing: each device's user
/// script, when its first session began, how many pushes settled, and each device's last sync
/// error and clean passes. (What the users edited and what the server acknowledged is the run's
/// operation ledger: `UserEdits`.)
final class SyncProgress: @unchecked Sendable {
    /// Per device: the user script, set by the scenario (devices without one never sync).
    var scripts: [String: UserScript] = [:]
    /// Per device: when its first session began (ns); script times count from there.
    private(set) var origins: [String: Int64] = [:]
    /// Pushes settled in each device's passes so far (healing stops when a round pushes nothing).
    private(set) var pushes = 0
    /// Per device, the last sync error (nil after a pass that succeeded).
    private(set) var lastError: [String: String] = [:]
    /// Per device, the sync passes that ended without an error.
    private(set) var cleanPasses: [String: Int] = [:]

    /// The device's script origin, set the first time a session starts on it.
    func origin(_ device: String, now: Int64) -> Int64 {
        if let origin = origins[device] { return origin }
        origins[device] = now
        return now
    }

    /// A push settled (the server answered it).
    func pushSettled() { pushes += 1 }

    func passEnded(_ device: String, error: String?) {
        lastError[device] = error
        if error == nil { cleanPasses[device, default: 0] += 1 }
    }
}
