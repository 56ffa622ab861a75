import AppPorts
import FakeCloud
import SimCore
import SimHarness

/// The CryptoSavings app process on a simulated device: launch (open, sync), then the user's
/// queued actions one at a time; it exits when the queue is empty or the store did not open.
struct CryptoDeviceApp: Sendable {
    let stage: CryptoStage

    func main(_ context: DeviceContext) async {
        let phone = stage.phone(context.deviceName)
        let faults: any StorageFaultPolicy = stage.storageFaults && !stage.healing ? phone.faults : NoStorageFaults()
        let handle = stage.handle
        let app = CryptoSavingsApplication(
            variant: stage.variant, build: phone.build, disk: StoreDisk(files: context, faults: faults),
            clock: DeviceWallClock(context), probe: stage.kills.probe(for: phone.device)
        ) { container, options in
            CloudKitMirror(container: container, options: options, makeUUID: { context.makeUUID() }) { request in
                try await context.call(handle, request, timeout: .seconds(30))
            }
        }
        let result = await app.launch()
        guard context.isAlive else { return }
        stage.noteLaunch(context, result)
        stage.noteTraffic(context, app.traffic)
        guard app.container != nil else { return }
        while context.isAlive, let action = stage.takeAction(context.deviceName) {
            let owner = app.mirror?.mirroredUser
            let confirmed = await app.perform(action)
            guard context.isAlive else { return }
            if confirmed, case .sync = action {} else if confirmed { stage.acknowledge(action, context, owner: owner) }
        }
    }
}

/// The phases of the app's life a kill may land in (names the app gives its `PhaseProbe`).
enum CryptoKill {
    static let phases = ["launch", "open", "backfill", "account", "import", "dedupe", "edit", "export"]
    static let life = LifeSweep(phases: phases, maxJobs: 30, maxKills: 2)
}
