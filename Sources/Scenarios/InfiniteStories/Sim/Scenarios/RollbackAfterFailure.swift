import AppPorts
import SimCore
import SimHarness

/// What makes the migration roll back in rollback-after-failure (the plan's triggers, l.1068-1072).
enum RollbackTrigger: Int, CaseIterable, Sendable {
    /// Every request answered 503 for a while: the upload fails after its retries.
    case serverErrors
    /// Every request lost for a while: timeouts during a critical operation.
    case timeouts
    /// 503s while the app verifies: verification fails.
    case verificationErrors
    /// The user taps Cancel while an upload is in flight.
    case userCancel
}

extension StoriesScenario {
    /// One of the plan's rollback triggers, drawn; sometimes the app is killed during the
    /// rollback itself; the user then migrates again.
    static let rollbackAfterFailure = StoriesScenario(
        name: "rollback-after-failure",
        summary: "a drawn rollback trigger (repeated 5xx, timeouts, failed verification, user cancel), sometimes a kill during the rollback, then a new attempt",
        faults: FaultPolicy(capped: [.requestLoss: 1_000, .responseLoss: 1_000, .serverError: 1_000, .rateLimit: 1_000, .duplicate: 1_000,
                                     .slowResponse: 1_000, .partition: 0, .kill: 0]),
        script: { stage in
            stage.addAccount("alice")
            let device = stage.addDevice("device-1", owner: "alice", label: "d1")
            var random = stage.sim.random.fork("stories:script")
            let trigger = RollbackTrigger.allCases[random.below(RollbackTrigger.allCases.count)]
            stage.sim.record("script", "rollback trigger \(trigger)")
            // Half the time the outage goes on while the app rolls back (its deletes fail too).
            let outageInRollback = random.below(2) == 0, outage = 60 + random.below(240)
            var stormed = false
            stage.phaseWatchers[device.name] = { [unowned stage] phase in
                guard phase == "rollback", outageInRollback, !stormed else { return }
                stormed = true
                stage.startStorm(.serverError, seconds: outage)
            }
            stage.keepOpen(device)
            stage.launch(device)
            let phase = trigger == .verificationErrors ? "verify" : ["upload.events", "upload.heroes", "upload.stories"][random.below(3)]
            await stage.waitForPhase(device, phase)
            await stage.sim.sleep(for: .milliseconds(Int64(random.below(3_000))))
            await stage.inject(trigger, on: device, seconds: 20 + random.below(140))
            stage.finish(device)
            let killInRollback = random.below(3) == 0, jobs = 1 + random.below(stage.jobs(in: "rollback", of: device))
            if killInRollback, let point = stage.kills.scripted(device, subject: "device-1@rollback", .inPhase("rollback", jobs: jobs)) {
                _ = await stage.kills.kill(device, at: point)
                await stage.sim.sleep(for: .seconds(Int64(1 + random.below(30))))
                device.relaunch()
            }
            await device.waitUntilStopped()
        })
}

extension StoriesStage {
    /// Starts the trigger now; a storm of `seconds` (forced fault family) ends by itself.
    func inject(_ trigger: RollbackTrigger, on device: Device, seconds: Int) async {
        switch trigger {
        case .userCancel:
            append(device, .cancelMigration)
        case .serverErrors, .verificationErrors, .timeouts:
            startStorm(trigger == .timeouts ? .requestLoss : .serverError, seconds: seconds)
        }
    }

    /// Every request meets a fault of `family` for `seconds` (a replay's schedule decides instead).
    /// Storms of one family may overlap: the rate goes back to the plan's when the last one ends.
    func startStorm(_ family: FaultFamily, seconds: Int) {
        if storms[family, default: 0] == 0 { stormBase[family] = sim.faults.rate(family) }
        storms[family, default: 0] += 1
        sim.faults.setRate(family, ppm: 1_000_000)
        sim.record("script", "\(family.rawValue) storm for \(seconds) s")
        sim.schedule(after: .seconds(Int64(seconds))) { [self] in
            storms[family, default: 1] -= 1
            if storms[family] == 0 { sim.faults.setRate(family, ppm: stormBase[family] ?? 0) }
        }
    }
}
