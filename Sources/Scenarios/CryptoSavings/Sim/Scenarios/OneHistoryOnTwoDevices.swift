import CryptoSavings
import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// One V1 history on two devices: alice moved her data to the tablet the way the plan offers
    /// (Option A, l.357-361: export to JSON, install, import) or by restoring the phone's backup,
    /// so both stores hold the same objects with the same ids. Then both install build 2 and turn
    /// CloudKit on, which the plan's checklist leaves open (l.410: "Existing local store + CloudKit
    /// has data: handles potential duplicates"). The mirror names records itself, so every object
    /// reaches iCloud twice, as two records; each device must still show it once.
    static let oneHistoryOnTwoDevices = CryptoSavingsScenario(
        name: "one-history-on-two-devices",
        summary: "the same V1 history (one export imported on both) on the phone and the tablet; both turn CloudKit on, upload it and edit",
        faults: CryptoStage.syncFaults,
        script: { stage in
            let history = stage.initialActions()
            let phone = stage.addDevice("phone", user: "alice", build: 1)
            let tablet = stage.addDevice("tablet", user: "alice", build: 1)
            await stage.session(phone, history)
            await stage.session(tablet, history)
            stage.install(phone, build: 2)
            stage.install(tablet, build: 2)
            stage.kills.sweep(phone, CryptoKill.life)
            stage.kills.sweep(tablet, CryptoKill.life)
            await stage.session(phone, [.sync])
            await stage.session(tablet, [.sync] + stage.edits(2))
            await stage.session(phone, [.sync] + stage.edits(2))
            await stage.session(tablet, [.sync])
        })
}
