import AppPorts
import SimCore

/// Where a run's app kills come from: every kill a scenario injects is decided here, through the
/// fault injector's `kill` family with a typed `KillPoint`, so a replay replays it and `shrink` can
/// remove it (a kill a script forces is a scheduled fault like any other, not a bare
/// `device.kill()`).
///
/// A kill point names a phase of the app's life; the injector arms it and kills the app when the
/// app enters that phase (told through the device's `PhaseProbe`) plus `jobs` await points. Which
/// phases were killed in shows in the campaign's coverage (`kill in <phase>`).
public final class KillInjector: @unchecked Sendable {
    let sim: Simulator
    /// Per device name: the phase kill waiting for its phase.
    private var armed: [String: KillPoint] = [:]
    /// Per device name: a response kill whose phase began (incarnation, responses still to come).
    private var responsesLeft: [String: (incarnation: Int, left: Int)] = [:]
    /// The phase each device's app entered last (for kills armed "now").
    private var currentPhase: [String: String] = [:]
    /// Prefix of the coverage marks (`swisscoin: `), made from the app's name.
    let label: String
    /// Per device name: its whole-life sweep, the incarnation last decided, the incarnation whose
    /// swept kill is armed (nil: none), and kills so far.
    private var sweeps: [String: (sweep: LifeSweep, decided: Int, armedIn: Int?, kills: Int)] = [:]
    /// Swept devices killed and waiting for their user to reopen them.
    private var reopening: Set<String> = []

    /// An injector whose coverage marks name `app` (`notes: kill in push`).
    public init(sim: Simulator, app: String) {
        precondition(!app.isEmpty && !app.hasSuffix(":") && !app.hasSuffix(" "), "the app's bare name (`notes`), not a prefix")
        self.sim = sim
        self.label = "\(app): "
    }

    /// Whether `device` is killed at this opportunity and where: the kill family decides, `draw`
    /// picks the point from the family's stream. `subject` names the opportunity in the fault
    /// schedule (default: the device's current launch).
    public func decide(_ device: Device, subject: String? = nil, draw: (inout SimRandom) -> KillPoint) -> KillPoint? {
        sim.faults.decide(.kill, subject: subject ?? "\(device.name)@launch\(device.incarnation)", draw: draw)
    }

    /// A kill the script wants at this opportunity (a scripted step of the scenario): a scheduled
    /// fault of the kill family, so `shrink` can drop it. Returns the point when it stands.
    public func scripted(_ device: Device, subject: String, _ point: KillPoint) -> KillPoint? {
        guard sim.faults.isScheduled else {
            // The swarm plan may have the kill family off; a scripted kill happens regardless,
            // logged as an injected fault so a replay schedule names it.
            return sim.faults.logScripted(.kill, subject: subject, point)
        }
        return sim.faults.scheduled(.kill, subject: subject, as: KillPoint.self)
    }

    /// Arms a phase kill: the next time the device's app enters `point`'s phase, it is killed
    /// `jobs` await points later, or (`.atResponse`) as the `nth` response it still waits for
    /// arrives from then on. An idle point is not armed (see `kill(_:at:)`).
    public func arm(_ device: Device, at point: KillPoint) {
        switch point {
        case .inPhase: break
        case .atResponse:
            if device.responseGate == nil { device.responseGate = { [weak self] device in self?.responseArrives(device) ?? false } }
        case .idle: return
        }
        // A point armed here takes the slot over from the sweep: an earlier incarnation's swept
        // kill that never fired must not clear it at the next launch (decideSweptKill re-marks
        // the points it arms itself).
        sweeps[device.name]?.armedIn = nil
        armed[device.name] = point
    }

    /// Arms `point` as the sweep's kill of the device's current launch, or of its next one when the
    /// app is not running (killed and waiting for its user): a scripted kill aimed at a phase the
    /// sweep reaches rarely. It takes the place of the kill the sweep drew for that launch, unless
    /// that one is already counting down (its phase began): then the sweep's fires first and this
    /// one is dropped with it. While the sweep has kills left it counts as one of them, and the
    /// user reopens the killed app as after the sweep's own kills; it waits for its phase only
    /// within that launch. Without a sweep, or with its kills spent, it is `arm`.
    public func armInSweep(_ device: Device, at point: KillPoint) {
        arm(device, at: point)
        guard var entry = sweeps[device.name], entry.kills < entry.sweep.maxKills else { return }
        let launch = device.state == .running ? device.incarnation : device.incarnation + 1
        entry.decided = max(entry.decided, launch)  // that launch is decided: this kill
        entry.armedIn = launch
        sweeps[device.name] = entry
    }

    /// Drops an armed kill that has not fired.
    public func disarm(_ device: Device) {
        armed[device.name] = nil
        responsesLeft[device.name] = nil
    }

    /// A response is about to reach the device's app: whether the armed response kill fires now.
    private func responseArrives(_ device: Device) -> Bool {
        guard let (incarnation, left) = responsesLeft[device.name], incarnation == device.incarnation else { return false }
        guard sim.faults.isEnabled else {  // healing: no kill fires any more
            responsesLeft[device.name] = nil
            return false
        }
        assert(left >= 1, "a response kill counts down from its nth response")
        guard left <= 1 else {
            responsesLeft[device.name] = (incarnation, left - 1)
            return false
        }
        responsesLeft[device.name] = nil
        sim.sometimes("\(label)kill as a response arrived")
        return true
    }

    /// Sweeps kills over the device's whole life from now on (see `LifeSweep`): each incarnation
    /// is decided when its app first enters a phase; a killed app is reopened later.
    public func sweep(_ device: Device, _ sweep: LifeSweep) {
        precondition(sweeps[device.name] == nil, "one sweep per device")
        sweeps[device.name] = (sweep, 0, nil, 0)
        device.onKill { [weak self] device in self?.killed(device) }
    }

    /// The device's app entered `phase` (its probe calls this from the app's own task).
    func entered(_ deviceName: String, _ phase: String, device: Device) {
        currentPhase[deviceName] = phase
        decideSweptKill(device)
        switch armed[deviceName] {
        case .inPhase(let wanted, let jobs)? where wanted == phase:
            armed[deviceName] = nil
            if sim.faults.isEnabled { device.killAfter(jobs: jobs) }  // healing: no kill fires any more
        case .atResponse(let wanted, let nth)? where wanted == phase:
            assert(nth > 0, "a response kill waits for at least one response")
            armed[deviceName] = nil
            if sim.faults.isEnabled { responsesLeft[deviceName] = (device.incarnation, nth) }
        default: return
        }
    }

    /// The first phase of an incarnation under a sweep: whether and where it dies.
    private func decideSweptKill(_ device: Device) {
        guard var entry = sweeps[device.name], entry.decided < device.incarnation else { return }
        entry.decided = device.incarnation
        if entry.armedIn != nil {  // an earlier incarnation exited before its phase came
            armed[device.name] = nil
            entry.armedIn = nil
        }
        sweeps[device.name] = entry
        guard entry.kills < entry.sweep.maxKills, armed[device.name] == nil else { return }
        let sweep = entry.sweep
        guard let point = decide(device, subject: "\(device.name)@life\(device.incarnation)", draw: { sweep.drawPoint(&$0) }) else { return }
        arm(device, at: point)
        sweeps[device.name]?.armedIn = device.incarnation
    }

    /// After a kill of a swept device: the user reopens the app a little later (unless healing
    /// began, which relaunches killed devices itself).
    private func killed(_ device: Device) {
        // Only the sweep's own kills (a relaunch or a scripted kill reopens the app itself).
        guard var entry = sweeps[device.name], entry.armedIn == device.incarnation else { return }
        armed[device.name] = nil
        entry.armedIn = nil
        entry.kills += 1
        sweeps[device.name] = entry
        sim.sometimes("\(label)kill in \(currentPhase[device.name] ?? "launch")")
        let seconds = entry.sweep.reopenSeconds.lowerBound + sim.faults.draw(.kill, below: entry.sweep.reopenSeconds.count)
        reopening.insert(device.name)
        sim.schedule(after: .seconds(Int64(seconds))) { [weak self, sim] in
            self?.reopening.remove(device.name)
            guard sim.faults.isEnabled, device.state == .killed else { return }
            device.relaunch()
        }
    }

    /// The probe to hand the app's code on this device.
    public func probe(for device: Device) -> PhaseProbe { DevicePhaseProbe(injector: self, device: device) }

    /// Waits until the device's app stopped for good: a swept kill is not the end of its life (the
    /// user reopens the app), so after such a kill this waits for the reopened app too.
    public func waitUntilDone(_ device: Device) async {
        while true {
            await device.waitUntilStopped()
            guard device.state == .killed, reopening.contains(device.name) else { return }
            let name = device.name
            _ = await BoundedWait.until("the user to reopen the killed app", in: sim, device: nil, polls: 600) {
                !self.reopening.contains(name)
            }
        }
    }

    /// Kills the running app at points drawn from `table`, up to `times` times, the user reopening
    /// it 1–30 s after each kill (a session's scripted kills, where `sweep` covers a whole life).
    /// Stops early when the app is not running, the kill family declines, or a kill does not land
    /// (the app finished first). Returns the kills that landed.
    @discardableResult
    public func killRepeatedly(_ device: Device, times: Int, at table: KillPhases) async -> Int {
        precondition(times >= 0, "a count of kills")
        var landed = 0
        while landed < times, device.state == .running {
            guard let point = decide(device, draw: { table.draw(&$0) }) else { break }
            guard await kill(device, at: point) else { break }
            landed += 1
            await userComesBack()
            device.relaunch()
        }
        return landed
    }

    /// `killRepeatedly` 1…`maxKills` times, the count drawn from the kill family (a migration
    /// killed once as often as three times).
    @discardableResult
    public func killRepeatedly(_ device: Device, atMost maxKills: Int, at table: KillPhases) async -> Int {
        let times = 1 + sim.faults.draw(.kill, below: max(1, maxKills))
        return await killRepeatedly(device, times: times, at: table)
    }

    /// The user reopens a killed app 1–30 s after the kill (the wait drawn from the kill family).
    private func userComesBack() async {
        await sim.sleep(for: .seconds(Int64(1 + sim.faults.draw(.kill, below: 30))))
    }

    /// Kills the running app at an await point among its next `jobs`, counted from now, when the
    /// kill family fires (no phase to wait for: the script knows the app is about to work on
    /// `phase`). Returns whether a kill is armed; `reopenIfKilled` ends its window.
    @discardableResult
    public func armCountdown(_ device: Device, jobs: Int, phase: String, subject: String) -> Bool {
        guard device.state == .running else { return false }
        guard case .inPhase(_, let at)? = decide(device, subject: subject, draw: { .inPhase(phase, jobs: 1 + $0.below(max(1, jobs))) }) else {
            return false
        }
        device.killAfter(jobs: at)
        return true
    }

    /// Ends an armed kill's window: a kill that did not fire (an armed point or a countdown) is
    /// dropped; when the app was killed, its user reopens it (`reopen`) 1–30 s later. Returns the
    /// phase the app was killed in ("launch" before any), nil when it was not killed.
    public func reopenIfKilled(_ device: Device, reopen: () async -> Void) async -> String? {
        disarm(device)
        device.cancelKill()
        guard device.state == .killed else { return nil }
        let phase = currentPhase[device.name] ?? "launch"
        await userComesBack()
        await reopen()
        return phase
    }

    /// The phase the device's app entered last (nil before any).
    public func phase(of device: Device) -> String? { currentPhase[device.name] }

    /// Arms `point` and waits until the app was killed there or stopped by itself; returns whether
    /// the kill landed. An idle point waits for the app to exit, then kills it `milliseconds`
    /// later if it has not been relaunched (the user swipes it away before its defaults flush).
    public func kill(_ device: Device, at point: KillPoint) async -> Bool {
        switch point {
        case .idle(let milliseconds):
            await device.waitUntilStopped()
            guard device.state == .exited else { return false }
            await sim.sleep(for: .milliseconds(Int64(milliseconds)))
            guard device.state == .exited else { return false }
            device.kill(reason: "user swipes the app away")
            sim.sometimes("\(label)idle app killed")
            return true
        case .inPhase(let phase, _), .atResponse(let phase, _):
            arm(device, at: point)
            await device.waitUntilStopped()
            disarm(device)
            guard device.state == .killed else { return false }
            sim.sometimes("\(label)kill in \(phase)")
            return true
        }
    }
}

/// The `PhaseProbe` a simulated device's app gets: it tells the kill injector.
struct DevicePhaseProbe: PhaseProbe, @unchecked Sendable {
    let injector: KillInjector
    let device: Device

    func enter(_ phase: String) { injector.entered(device.name, phase, device: device) }
}
