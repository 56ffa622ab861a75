import AppPorts
import AppleStandIns
import CryptoSavings
import FakeCloud
import SimCore
import SimHarness

/// The CryptoSavings app process on a simulated device: launch (open, sync), then the user's
/// queued actions one at a time; it exits when the queue is empty or the store did not open.
struct CryptoDeviceApp: Sendable {
    let stage: CryptoStage

    func main(_ context: DeviceContext) async {
        stage.noteEditSavedBeforeKill(context)
        let phone = stage.phone(context.deviceName)
        let faults: any StorageFaultPolicy = stage.storageFaults && !stage.healing ? StoreFileFaults(inner: phone.faults) : NoStorageFaults()
        let handle = stage.handle
        let threshold = stage.assetThresholdBytes
        let app = CryptoSavingsApplication(
            variant: stage.variant, build: phone.build, disk: StoreDisk(files: context, faults: faults),
            clock: DeviceWallClock(context), probe: stage.kills.probe(for: phone.device)
        ) { container, appOptions in
            var options = appOptions
            options.assetThresholdBytes = threshold  // the platform's, not the app's
            let mirror = CloudKitMirror(container: container, options: options, makeUUID: { context.makeUUID() }) { request in
                try await context.callCloudKit(handle, request, timeout: .seconds(30))
            }
            mirror.onServerWins = { _ in stage.noteServerWins(context) }
            // The account the mirror adopted owns what the device made before it knew one, even
            // when the launch that adopted it is killed before it reports back.
            mirror.onAccountChecked = { outcome in
                switch outcome {
                case .ready(let user): stage.noteMirroredUser(context, user)
                case .changed(_, let user, _): stage.noteMirroredUser(context, user)
                case .unavailable: break
                }
            }
            return mirror
        }
        let result = await app.launch()
        guard context.isAlive else { return }
        stage.noteLaunch(context, result)
        stage.noteTraffic(context, app.traffic)
        stage.noteMirroredUser(context, app.mirror?.mirroredUser)
        if app.setAsideCount > 0 { context.sometimes("cryptosavings: unsynced edits set aside at an account change") }
        guard app.container != nil else { return }
        while context.isAlive, let action = stage.takeAction(context.deviceName) {
            let owner = app.mirror?.mirroredUser
            let operation = stage.attempt(action, context, owner: owner, build: app.build)
            let confirmed = await app.perform(action)
            guard context.isAlive else { return }
            stage.settle(context)
            stage.noteMirroredUser(context, app.mirror?.mirroredUser)
            if confirmed, case .sync = action {
                context.complete(operation, .ok)  // a sync confirms no object of its own
            } else if confirmed {
                stage.acknowledge(operation, action, context)
            } else {
                context.complete(operation, .indeterminate)  // not confirmed: it may have been saved in part
            }
        }
    }
}

/// The phases of the app's life a kill may land in (names the app gives its `PhaseProbe`).
enum CryptoKill {
    static let phases = ["launch", "open", "backfill", "account", "import", "dedupe", "edit", "export"]
    static let life = LifeSweep(phases: phases, maxJobs: 30, maxKills: 2, maxResponses: 4, depth: .mixed)
}

/// Storage faults for the store file and the app's own files, never for the mirror's metadata
/// file: NSPersistentCloudKitContainer keeps its metadata (NSCKRecordMetadata, the zone's change
/// token) in the same SQLite store as the objects and commits both in one transaction, so a
/// fault cannot land between them; the fake's separate `.ckmirror` file is an artefact whose own
/// faults would model a failure the platform cannot have.
final class StoreFileFaults: StorageFaultPolicy, @unchecked Sendable {
    let inner: SimulatedStorageFaults

    init(inner: SimulatedStorageFaults) { self.inner = inner }

    func fault(writing path: String) -> StorageFault? {
        path.hasSuffix(".ckmirror") ? nil : inner.fault(writing: path)
    }
}
