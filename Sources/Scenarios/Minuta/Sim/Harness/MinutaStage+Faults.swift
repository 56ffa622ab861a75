import AppPorts
import CRDT
import SimCore
import SimHarness

extension MinutaStage {
    /// Performs `action` with a kill armed at a seeded await point among the next `jobs` of the
    /// device (when the kill family fires); a killed app is reopened by its user 1–30 s later.
    /// Returns whether the kill landed.
    @discardableResult
    func performKillable(_ device: Device, _ action: MinutaAction, jobs: Int) async -> Bool {
        armKill(device, jobs: jobs, label: "action")
        await perform(device, action, lifeKill: false)
        return await reopenIfKilled(device)
    }

    /// Await points into an action's phase a whole-life kill may land after (drawn as
    /// `LifeSweep.Depth.mixed`: the first few as often as the deep ones).
    static let lifeKillJobs = 40
    /// Whole-life kills per device, at most.
    static let maxLifeKills = 3

    /// Kills over the app's whole life, not only its migration: any action the script performs
    /// (an edit, a move across months, a tag change, a refresh, Siri's timers) may die at a
    /// seeded await point of its own phase when the kill family fires, and its user reopens the
    /// app 1–30 s later (`perform` waits for that). Returns whether a kill is armed. Not during
    /// a barrier's refresh (the barrier promises every app merged and reloaded).
    func armLifeKill(_ device: Device, _ action: MinutaAction, id: Int) -> Bool {
        guard device.state == .running, lifeKillsLanded[device.name, default: 0] < Self.maxLifeKills else { return false }
        // A start shift may move the record into another month: then half the kills wait for the
        // move itself (its two saves, a few await points apart, come after a search through the
        // months that an edit's first 40 await points rarely get past).
        var phases = [action.phase]
        if case .editRecord(_, .shiftStart) = action { phases.append("record-move") }
        guard let point = kills.decide(device, subject: "\(device.name)#\(device.incarnation)@\(action.phase)#\(id)", draw: { random in
            let phase = phases[random.below(phases.count)]
            return .inPhase(phase, jobs: LifeSweep.Depth.mixed.drawJobs(&random, upTo: Self.lifeKillJobs))
        }) else { return false }
        kills.arm(device, at: point)
        return true
    }

    /// Launches the app with a kill armed among the first `jobs` await points (the migration and
    /// conflict resolution run there); waits for the launch flow or the kill.
    @discardableResult
    func launchKillable(_ device: Device, jobs: Int) async -> Bool {
        launch(device)
        armKill(device, jobs: jobs, label: "launch")
        await waitForLaunch(device)
        return await reopenIfKilled(device)
    }

    /// Kills the app at a seeded await point among its next `jobs` (when the kill family fires),
    /// counted from now: the app has just entered `phase` (its launch flow or an action).
    func armKill(_ device: Device, jobs: Int, label phase: String) {
        kills.armCountdown(device, jobs: jobs, phase: phase, subject: "\(device.name)#\(device.incarnation)@\(phase)")
    }

    /// Ends an armed kill's window; a killed app is reopened by its user after a pause.
    func reopenIfKilled(_ device: Device) async -> Bool {
        guard let phase = await kills.reopenIfKilled(device, reopen: {
            launch(device)
            await waitForLaunch(device)
        }) else { return false }
        sim.sometimes("minuta: app killed at an await point")
        sim.sometimes("minuta: killed in \(phase)")
        return true
    }

    /// Takes a device offline for a seeded interval (when the partition family fires), in the
    /// background of the script.
    func maybeOffline(_ device: Device, within phase: Duration) {
        sim.network.schedulePartitions(for: device, within: phase, windows: 2)
    }
}
