import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// It is 31 January, late morning in UTC: on a device in UTC+14 it is already 1 February, on
    /// one in UTC−12 still 30 January. Both plan and complete "this month" (offline, then
    /// online), so one month's plan, execution record and completion are made on both.
    static let timeZoneAndMonthBoundary = CryptoSavingsScenario(
        name: "time-zone-and-month-boundary",
        summary: "devices in UTC+14 and UTC−12 plan and complete \"this month\" across the month boundary",
        faults: CryptoStage.syncFaults,
        script: { stage in
            let epoch: Int64 = 1_769_853_600_000  // 2026-01-31T10:00:00Z
            let east = stage.addDevice("kiritimati", user: "alice", utcOffsetSeconds: 14 * 3_600, epochMilliseconds: epoch)
            let west = stage.addDevice("baker-island", user: "alice", utcOffsetSeconds: -12 * 3_600, epochMilliseconds: epoch)
            for device in [east, west] { stage.kills.sweep(device, CryptoKill.life) }
            await stage.session(east, stage.initialActions())
            await stage.session(west, [.sync])
            let goals = stage.catalogue.goals
            let devices = stage.draw(2) == 0 ? [east, west] : [west, east]
            let offline = stage.draw(2) == 0
            for device in devices {
                if offline { stage.goOffline(device, "month-end") }
                let goal = goals[stage.draw(goals.count)]
                await stage.session(device, [.planMonth(goalID: goal.id, freshID: stage.newID()), stage.allocation(goal),
                                             .completeMonth(snapshotID: stage.newID(), freshIDs: [stage.newID(), stage.newID()], snapshotBytes: 1024 * goals.count)])
            }
            for device in devices {
                stage.goOnline(device)
                await stage.session(device, [.sync])
            }
        })
}
