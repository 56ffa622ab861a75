import SimCore
import SimHarness

/// eventual-completion: after healing, every object a device of an account shows is in that
/// account's iCloud database — one record the server refuses (too large, say) must not hold back
/// the others — and healing settled (apart from sync traffic, quiescence's part).
struct EventualCompletionChecker: InvariantChecker {
    let name = "eventual-completion"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = world.healing.pending.filter { !$0.hasPrefix("traffic:") }.map {
            EntityDiff(entity: "healing", location: "all", expected: "settled", actual: $0)
        }
        for device in world.devices {
            guard let user = device.account else { continue }
            let cloud = Set(world.clouds[user]?.keyed.map(\.idKey) ?? [])
            for keyed in device.keyed where !cloud.contains(keyed.idKey) {
                diffs.append(EntityDiff(entity: keyed.idKey, location: device.name, expected: "in iCloud(\(user))", actual: "never uploaded"))
            }
        }
        return ViolationReport.of(name, kind: .liveness, diffs) { "\($0) objects never reached iCloud" }
    }
}
