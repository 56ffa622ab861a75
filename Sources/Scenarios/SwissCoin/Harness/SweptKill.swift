import AppPorts
import SimCore
import SimHarness

/// Where a swept kill lands: inside migration step `step` (1…16), `jobs` await points after the
/// step starts; or, with `step == nil`, on the idle app `idleMilliseconds` after it exited (the
/// user swipes the app away while UserDefaults has not flushed yet).
///
/// Drawing the step first, uniformly, instead of an await point over the whole migration, gives
/// every step (and the window between the completion flag and its lazy flush) the same weight:
/// the outcome of a retry depends on which step was interrupted (bug zoo SC-2, SC-4, SC-6).
struct KillPoint: Equatable {
    static let idleStep = 17

    var step: Int?
    var jobs = 1
    var idleMilliseconds = 0

    /// `step11+job5` or `idle+3000ms` (the fault's detail, so a replay schedule can name it).
    var detail: String {
        if let step { return "step\(step)+job\(jobs)" }
        return "idle+\(idleMilliseconds)ms"
    }

    init(step: Int?, jobs: Int = 1, idleMilliseconds: Int = 0) {
        self.step = step
        self.jobs = jobs
        self.idleMilliseconds = idleMilliseconds
    }

    init?(detail: String) {
        let parts = detail.split(separator: "+").map(String.init)
        guard parts.count == 2 else { return nil }
        if parts[0] == "idle", parts[1].hasSuffix("ms"), let ms = Int(parts[1].dropLast(2)) {
            self.init(step: nil, idleMilliseconds: ms)
        } else if parts[0].hasPrefix("step"), parts[1].hasPrefix("job"),
                  let step = Int(parts[0].dropFirst(4)), let jobs = Int(parts[1].dropFirst(3)), jobs > 0 {
            self.init(step: step, jobs: jobs)
        } else {
            return nil
        }
    }

    /// A uniform step, or the idle window (weighted as three steps: the kill must also beat the
    /// flush), then a uniform await point within it. `rows` bounds the await points drawn inside a
    /// step; `UserDefaults` flushes within 10 s.
    static func draw(_ random: inout SimRandom, rows: (Int) -> Int) -> KillPoint {
        let step = 1 + random.below(idleStep + 2)
        if step >= idleStep { return KillPoint(step: nil, idleMilliseconds: random.below(10_000)) }
        return KillPoint(step: step, jobs: 1 + random.below(max(2, rows(step) * 3)))
    }
}

extension SwissCoinStage {
    /// Rows migration step `step` sends for this device's dataset (await-point bound for a kill).
    func rows(inStep step: Int, of device: Device) -> Int {
        guard let db = plans.first(where: { $0.device.name == device.name })?.dataset.database else { return 10 }
        switch step {
        case 3: return db.persons.count * 2
        case 4: return db.groups.count * 2
        case 5: return db.groups.reduce(0) { $0 + $1.memberIds.count }
        case 6: return db.subscriptions.count
        case 7: return db.subscriptions.reduce(0) { $0 + $1.subscriberIds.count }
        case 8: return db.transactions.count
        case 9: return db.transactions.reduce(0) { $0 + $1.splits.count }
        case 10: return db.transactions.reduce(0) { $0 + $1.payers.count }
        case 11: return db.settlements.count
        case 12: return db.reminders.count
        case 13: return db.chatMessages.count
        case 14: return db.subscriptionPayments.count
        case 15: return db.subscriptionSettlements.count
        case 16: return db.subscriptionReminders.count + 4  // and verification, identity, flag
        default: return 2
        }
    }

    /// Kills the device at swept points (a step and an await point in it, or the idle app before
    /// its defaults flush), up to `maxKills` times, relaunching 1–30 s after each kill.
    func killAtSweptPoints(_ device: Device, maxKills: Int) async {
        let kills = 1 + sim.faults.draw(.kill, below: max(1, maxKills))
        for _ in 0..<kills {
            guard device.state == .running else { return }
            guard let detail = sim.faults.decide(.kill, subject: "\(device.name)@launch\(device.incarnation)", detail: { random in
                KillPoint.draw(&random) { self.rows(inStep: $0, of: device) }.detail
            }), let point = KillPoint(detail: detail) else { return }
            guard await kill(device, at: point) else { return }
            try? await sim.rootClock.sleep(until: sim.now.advanced(by: .seconds(Int64(1 + sim.faults.draw(.kill, below: 30)))), tolerance: nil)
            device.relaunch()
        }
    }

    /// Arms and waits for one kill; false when the app stopped on its own first (nothing killed).
    func kill(_ device: Device, at point: KillPoint) async -> Bool {
        guard let step = point.step else {
            await device.waitUntilStopped()
            guard device.state == .exited else { return false }
            try? await sim.rootClock.sleep(until: sim.now.advanced(by: .milliseconds(Int64(point.idleMilliseconds))), tolerance: nil)
            guard device.state == .exited else { return false }
            device.kill(reason: "user swipes the app away")
            sim.sometimes("swisscoin: idle app killed after the migration")
            return true
        }
        reports.stepWatchers[device.name] = { [reports] started in
            guard started == step else { return }
            reports.stepWatchers[device.name] = nil
            device.killAfter(jobs: point.jobs)
        }
        await device.waitUntilStopped()
        reports.stepWatchers[device.name] = nil
        guard device.state == .killed else { return false }
        sim.sometimes("swisscoin: killed during migration")
        sim.sometimes("swisscoin: killed during step \(step)")
        return true
    }
}
