import SimCore
import SimHarness

extension CryptoStage {
    /// CryptoSavings' part of healing (the harness runs it): faults end, every device goes online
    /// with the newest build, and the users open the app on every device round after round until
    /// a whole round past the first moves no record (at most six rounds). Still moving records
    /// then is a ping-pong: reported as pending, with any device left killed.
    var healingPlan: Healing<Device> {
        var healing = Healing(members: order.map { phone($0).device }, device: { $0 })
        healing.prepare = { self.beginHealing() }
        healing.stop = { device in
            self.goOnline(device)
            await self.kills.waitUntilDone(device)
            self.install(device, build: 2)
        }
        healing.rounds = 2...6
        healing.open = { device in await self.session(device, []) }
        healing.moved = { _, round in
            self.order.filter { (self.lastTraffic[$0] ?? 0) > 0 }.map {
                "traffic: \($0) still moved \(self.lastTraffic[$0]!) records in healing round \(round)"
            }
        }
        healing.finish = { quiet in
            quiet ? [] : self.order.filter { self.phone($0).device.state == .killed }.map { "\($0) did not stop killed" }
        }
        return healing
    }
}
