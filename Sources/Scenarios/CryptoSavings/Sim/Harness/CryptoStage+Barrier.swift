import AppleStandIns
import CryptoSavings
import SimCore
import SimHarness

extension CryptoStage {
    /// Every device online syncs twice in turn with the network's faults off (kills still land),
    /// so each imports what the others exported. If their views then agree, the epoch goes up:
    /// an edit made after this followed every edit made before (no-lost-update relies on it).
    /// If they do not agree, nothing is claimed.
    func barrier(_ devices: [Device]) async {
        await QuietNetwork.run(sim, families: QuietNetwork.requestFamilies + [.partition]) {
            for device in devices { goOnline(device) }
            for _ in 0..<2 { for device in devices { await session(device, [.sync]) } }
        }
        let views = devices.map { shownValues($0) }
        guard views.allSatisfy({ $0 == views[0] }) else {
            sim.record("sim", "barrier: the devices still differ; no epoch")
            return
        }
        epoch += 1
        sim.sometimes("cryptosavings: devices agreed at a barrier")
    }

    /// Every goal's and allocation's shown value on the device (its store as the app reads it).
    func shownValues(_ device: Device) -> [String: String] {
        let rows = device.files.read(CryptoSavingsApplication.storePath).flatMap(StoreSnapshot.decode).map { Array($0.rows.values) } ?? []
        let view = SavingsView(rows: rows, variant: variant, month: MonthLabel.label(wallMilliseconds(device), offsetSeconds: MonthLabel.declaredOffsetSeconds))
        var values: [String: String] = [:]
        for (id, line) in view.goals { values["Goal \(id)"] = "\(line.name) | \(line.target.text)" }
        for (pair, units) in view.allocations { values["AssetAllocation \(pair)"] = units.text }
        return values
    }
}
