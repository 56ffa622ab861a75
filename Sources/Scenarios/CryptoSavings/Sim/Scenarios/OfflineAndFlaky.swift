import SimCore
import SimHarness

extension CryptoSavingsScenario {
    /// The tablet is offline for days and collects many edits (kills in between); the phone
    /// keeps editing online; then the tablet reconnects and both sync.
    static let offlineEditsThenSync = CryptoSavingsScenario(
        name: "offline-edits-then-sync",
        summary: "one device edits offline for days while the other edits online; then it reconnects",
        faults: CryptoStage.syncFaults,
        script: { stage in
            let (phone, tablet) = await stage.alicesPhoneAndTablet()
            stage.goOffline(tablet, "days")
            for _ in 0..<(2 + stage.draw(3)) {
                await stage.session(tablet, stage.edits(2 + stage.draw(3)))
                await stage.session(phone, stage.edits(1 + stage.draw(3)))
                await stage.pause(seconds: 3_600 * (1 + stage.draw(24)))
            }
            stage.goOnline(tablet)
            await stage.session(tablet, [.sync])
            await stage.session(phone, [.sync])
        })

    /// Both devices edit and sync online through a bad network: lost requests and responses,
    /// server errors, rate limits, slow responses and partitions all forced on.
    static let flakyNetwork = CryptoSavingsScenario(
        name: "flaky-network",
        summary: "both devices edit and sync online through lost requests/responses, 5xx, rate limits and partitions",
        faults: FaultPolicy(forced: [.requestLoss: 150_000, .responseLoss: 150_000, .serverError: 100_000, .rateLimit: 50_000,
                                     .slowResponse: 100_000],
                            off: [.storage], capped: [.partition: 200_000]),
        script: { stage in
            let (phone, tablet) = await stage.alicesPhoneAndTablet()
            for _ in 0..<(2 + stage.draw(3)) {
                let first = stage.draw(2) == 0 ? phone : tablet
                await stage.session(first, stage.edits(2 + stage.draw(3)))
                await stage.session(first === phone ? tablet : phone, stage.edits(1 + stage.draw(3)))
            }
        })

    /// alice's data is in iCloud; her second device has months of local history from build 1
    /// (V1, never synced) and installs build 2 signed in to her account: its data and the
    /// cloud's merge, duplicates (same natural keys) included.
    static let firstSyncWithExistingCloudData = CryptoSavingsScenario(
        name: "first-sync-with-existing-cloud-data",
        summary: "a second device with its own local V1 history turns on CloudKit into an account that already has data",
        faults: CryptoStage.syncFaults,
        script: { stage in
            let phone = stage.addDevice("phone", user: "alice")
            let tablet = stage.addDevice("tablet", user: "alice", build: 1)
            stage.kills.sweep(phone, CryptoKill.life)
            await stage.session(phone, stage.initialActions())
            await stage.session(tablet, stage.edits(3 + stage.draw(4)).filter(\.isInBuildOne))
            stage.install(tablet, build: 2)
            stage.kills.sweep(tablet, CryptoKill.life)
            await stage.session(tablet, [.sync] + stage.edits(2))
            await stage.session(phone, [.sync] + stage.edits(2))
            await stage.session(tablet, [.sync])
        })
}
