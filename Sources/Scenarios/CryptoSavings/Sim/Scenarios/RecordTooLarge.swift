import CryptoSavings
import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// A user tracking many currencies closes the month three times (redone after late
    /// transactions); each completion snapshots a 120 KB exchange-rate table and as much
    /// contribution and goal detail (the plan estimates "~1-2KB per goal" and asks to "monitor
    /// if users track many goals", l.429). Other edits go on: whatever one record does, the
    /// others must reach iCloud (CKRecord: at most 1 MB of data per record, assets excluded; the
    /// mirror moves a single value over its threshold to an asset). Sizes run scaled down 16×
    /// (`sizeScale`): limits, threshold and blobs keep the platform's ratios.
    static let recordTooLarge = CryptoSavingsScenario(
        name: "record-too-large",
        summary: "month completions with 120 KB snapshot blobs, redone three times, among other edits (sizes scaled 1/16)",
        faults: CryptoStage.syncFaults,
        options: CryptoSavingsRun.Options(sizeScale: 16),
        script: { stage in
            let (phone, tablet) = await stage.alicesPhoneAndTablet()
            for round in 0..<3 {
                let complete = SavingsAction.completeMonth(snapshotID: stage.newID(), freshIDs: [stage.newID(), stage.newID()],
                                                           snapshotBytes: 120 * 1024 / 16)
                await stage.session(phone, [complete] + stage.edits(1))
                if round == 1 { await stage.session(tablet, [.sync] + stage.edits(1)) }
            }
            await stage.session(tablet, [.sync] + stage.edits(1))
        })
}
