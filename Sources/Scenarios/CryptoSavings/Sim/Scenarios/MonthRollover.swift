import CryptoSavings
import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// The app's life across a month boundary: alice plans every goal and closes January on her
    /// phone on January 31 (UTC); the tablet syncs; 1-3 days later one device plans the goals
    /// again, edits and closes February, and the other syncs and plans one goal too.
    static let monthRollover = CryptoSavingsScenario(
        name: "month-rollover",
        summary: "plans and a month completion made again after the month changed, on either device",
        faults: CryptoStage.syncFaults,
        script: { stage in
            let epoch: Int64 = 1_769_860_800_000  // 2026-01-31T12:00:00Z
            let phone = stage.addDevice("phone", user: "alice", epochMilliseconds: epoch)
            let tablet = stage.addDevice("tablet", user: "alice", epochMilliseconds: epoch)
            for device in [phone, tablet] { stage.kills.sweep(device, CryptoKill.life) }
            await stage.session(phone, stage.initialActions())
            let goals = stage.catalogue.goals
            func closeMonth() -> SavingsAction {
                .completeMonth(snapshotID: stage.newID(), freshIDs: [stage.newID(), stage.newID()], snapshotBytes: 1024)
            }
            await stage.session(phone, goals.map { .planMonth(goalID: $0.id, freshID: stage.newID()) } + [closeMonth()])
            await stage.session(tablet, [.sync])
            await stage.pause(seconds: 86_400 * (1 + stage.draw(3)))
            let devices = stage.draw(2) == 0 ? [phone, tablet] : [tablet, phone]
            await stage.session(devices[0], goals.map { .planMonth(goalID: $0.id, freshID: stage.newID()) } + stage.followUps(2)
                + [closeMonth()])
            let goal = goals[stage.draw(goals.count)]
            await stage.session(devices[1], [.sync, .planMonth(goalID: goal.id, freshID: stage.newID())])
            await stage.session(devices[0], [.sync])
        })
}
