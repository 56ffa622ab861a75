import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// alice's phone and tablet share goals and allocations, then both edit offline — goals,
    /// the same (asset, goal) allocations, this month's plans, month completions — and come back
    /// online in a seeded order; small change pages deliver records before their targets. Once
    /// both have synced, one of them edits the same goals and allocations again. Kills over both
    /// apps' whole life.
    static let conflictingEdits = CryptoSavingsScenario(
        name: "conflicting-edits",
        summary: "two devices edit goals, allocations and plans offline; records arrive out of order",
        faults: CryptoStage.syncFaults,
        coverageMarks: ["cryptosavings: kill in import"],
        script: { stage in
            let (phone, tablet) = await stage.alicesPhoneAndTablet()
            let devices = stage.draw(2) == 0 ? [phone, tablet] : [tablet, phone]
            for device in devices { stage.goOffline(device, "edits") }
            for device in devices { await stage.session(device, stage.edits(3 + stage.draw(4 + 2 * stage.size))) }
            for device in devices {
                stage.goOnline(device)
                await stage.session(device, [.sync])
            }
            // Later, on one device, after both synced: the user changes the same goals and
            // allocations again (their copies made on both devices now exist everywhere).
            await stage.barrier(devices)
            let later = devices[stage.draw(2)]
            await stage.session(later, stage.followUps(2 + stage.draw(3)))
            await stage.session(later, [.sync])
        })
}
