import AppPorts
import CRDT
import SimCore
import SimHarness

extension MinutaScenario {
    /// Three writers of one month document at once, all online: the app and its App Intents
    /// process on one device (Siri starts and stops timers while the app saves), and the other
    /// device's app, whose saves the folder brings in between a read and the next write. Apps
    /// merge conflict copies on sync notifications while copies still arrive, and are killed at
    /// any await point. In half the seeds the other device's clock runs 1–15 min ahead, and a
    /// timer Siri starts there is stopped on the first device (`handOffTimerRound`). Last, the app
    /// edits a running timer while Siri stops it (`timerEditRound`).
    static var concurrentWriters: MinutaScenario {
        MinutaScenario(
            name: "concurrent-writers",
            summary: "app and App Intents on one device and the other device write one month at once, online; merges on sync notifications; kills",
            faults: FaultPolicy(forced: [.kill: 300_000]),
            options: .init(providers: [.dropbox, .icloud, .gdrive]),
            coverageMarks: ["minuta: two processes busy at once on one device", "minuta: timer started by an App Intent",
                            "minuta: timer stopped by an App Intent", "minuta: app killed at an await point",
                            "minuta: a timer stopped on a device whose clock is behind its start"],
            script: { stage in
                stage.intentsBeside = true
                stage.fileLatency = 200...20_000
                stage.idlePoll = .milliseconds(20)
                // Device clocks drift apart (a clock set by hand, no network time): the second
                // device runs ahead in half the seeds.
                let ahead = stage.draw(2) == 0 ? Int64(60_000 * (1 + stage.draw(15))) : 0
                let devices = await stage.twoMigratedDevices(skews: [0, ahead])
                for _ in 0..<(2 + stage.draw(3)) {
                    for _ in 0..<(4 + stage.draw(6)) {
                        // One device, or both at once (the folder then makes conflict copies).
                        let pick = stage.draw(devices.count + 1)
                        let targets = pick < devices.count ? [devices[pick]] : devices
                        let actions = targets.map { ($0, stage.concurrentAction($0)) }
                        // Siri about the same moment (just before or after): often while the app
                        // merges conflict copies.
                        let siri = actions.filter { stage.draw($0.1 == .refresh ? 4 : 3) != 0 }.map(\.0)
                        let siriFirst = stage.draw(2) == 0
                        if siriFirst {
                            for device in siri { stage.enqueue(device, stage.siriAction()) }
                            await stage.pause(.milliseconds(Int64(stage.draw(150))))
                        }
                        for (device, action) in actions { stage.enqueue(device, action) }
                        if !siriFirst {
                            for device in siri {
                                await stage.pause(.milliseconds(Int64(stage.draw(300))))
                                stage.enqueue(device, stage.siriAction())
                            }
                        }
                        if stage.draw(5) == 0 { stage.armKill(devices[stage.draw(devices.count)], jobs: 60, label: "busy") }
                        await stage.pause(.milliseconds(Int64(stage.draw(3_000))))
                    }
                    for device in devices { _ = await stage.reopenIfKilled(device) }
                    await stage.barrier()
                }
                if ahead > 0 { await stage.handOffTimerRound(from: devices[1], to: devices[0]) }
                for _ in 0..<2 { await stage.timerEditRound(devices[0]) }
            })
    }
}

extension MinutaStage {
    /// Siri or a widget starts a timer, or stops the running ones.
    func siriAction() -> MinutaAction {
        draw(3) == 0 ? .intentStopTimer : .intentStartTimer(tagId: someTagId())
    }

    /// An action for the busy rounds: timers by Siri, a sync notification (merge copies now),
    /// a new record this month, or any user action on a record of this month.
    func concurrentAction(_ device: Device) -> MinutaAction {
        switch draw(10) {
        case 0: return .intentStartTimer(tagId: someTagId())
        case 1: return .intentStopTimer
        case 2, 3: return .refresh
        case 4: return .createRecord(newRecord(device))
        default: return randomAction(device, record: currentMonthRecordId(device))
        }
    }
}
