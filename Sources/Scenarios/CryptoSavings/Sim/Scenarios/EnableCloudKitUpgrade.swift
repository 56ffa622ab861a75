import CryptoSavings
import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// The release that changes the schema and turns CloudKit on opens yesterday's store: alice's
    /// phone ran build 1 (V1, local only) for a while; build 2 migrates V1→V2 (lightweight),
    /// backfills exact amounts and uploads everything. Storage faults (disk full, torn write) on
    /// every write of build 2 and kills in every phase; then her new tablet syncs.
    static let enableCloudKitUpgrade = CryptoSavingsScenario(
        name: "enable-cloudkit-upgrade",
        summary: "build 1 (V1, local) → build 2 (V2 + CloudKit): migration, backfill and first upload under storage faults and kills",
        faults: FaultPolicy(forced: [.storage: 60_000, .kill: 500_000], capped: [.requestLoss: 100_000, .partition: 200_000]),
        coverageMarks: ["cryptosavings: the store failed to open"],
        script: { stage in
            let phone = stage.addDevice("phone", user: "alice", build: 1)
            await stage.session(phone, stage.initialActions())
            await stage.pause(seconds: 86_400 * (1 + stage.draw(20)))
            await stage.session(phone, stage.edits(2 + stage.draw(3)).filter(\.isInBuildOne))
            stage.install(phone, build: 2)
            stage.storageFaults = true
            stage.kills.sweep(phone, CryptoKill.life)
            await stage.session(phone, stage.edits(2 + stage.draw(3)))
            await stage.session(phone, [.sync])
            let tablet = stage.addDevice("tablet", user: "alice")
            await stage.session(tablet, [.sync] + stage.edits(2))
            await stage.session(phone, [.sync])
        })
}

extension SavingsAction {
    /// Build 1 has goals, assets, transactions and allocations only (no plans or month records
    /// in this port of the older release).
    var isInBuildOne: Bool {
        switch self {
        case .addGoal, .editGoal, .addAsset, .addTransaction, .allocate: return true
        case .planMonth, .completeMonth, .sync: return false
        }
    }
}
