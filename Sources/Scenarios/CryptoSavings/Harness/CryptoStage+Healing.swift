import SimCore
import SimHarness

extension CryptoStage {
    /// Healing: faults end, every device goes online with the newest build, and the users open
    /// the app on every device round after round until a whole round moves no record (at most
    /// `maxRounds`). Still moving records then is a ping-pong: reported as pending.
    func heal(maxRounds: Int = 6) async -> HealingOutcome {
        beginHealing()
        sim.beginHealing()
        for name in order {
            let device = phone(name).device
            goOnline(device)
            await kills.waitUntilDone(device)
            install(device, build: 2)
        }
        var pending: [String] = []
        for round in 1...maxRounds {
            for name in order { await session(phone(name).device, []) }
            let moving = order.filter { (lastTraffic[$0] ?? 0) > 0 }
            if round >= 2 && moving.isEmpty { return .healed }
            if round == maxRounds { pending = moving.map { "traffic: \($0) still moved \(lastTraffic[$0]!) records in healing round \(round)" } }
        }
        let stopped = order.filter { phone($0).device.state == .killed }
        return HealingOutcome(pending: pending + stopped.map { "\($0) did not stop killed" })
    }
}
