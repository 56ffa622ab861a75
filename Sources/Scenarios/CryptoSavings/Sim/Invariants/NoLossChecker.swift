import SimCore
import SimHarness

/// no-loss: every object an app confirmed is, at quiescence, in its account's iCloud database and
/// on every device signed in to that account (local-only objects: on the device that made them).
/// An object missing everywhere that the app set aside and reported at an account change
/// (`SetAside/<account>.json`) is an unsynced edit dropped by the account switch, reported: it is
/// counted (coverage mark), not a violation. Everything else missing is silent loss — including
/// objects merged away by dedupe and stores wiped at launch.
/// Not the ledger's `NoLossCheck`: where an object must be depends on its owner at the end (an
/// adopted local object, an account change), and an object set aside and reported is no loss.
struct NoLossChecker: InvariantChecker {
    let name = "no-loss"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for entry in world.confirmed.entries {
            if let owner = entry.owner {
                let cloud = world.clouds[owner]?.keyed.contains { $0.naturalKey == entry.key } ?? false
                let holders = world.devices(of: owner)
                let missing = holders.filter { device in !device.keyed.contains { $0.naturalKey == entry.key } }
                if cloud && missing.isEmpty { continue }
                if !cloud && setAside(entry, owner: owner, in: world) { continue }
                let places = (cloud ? [] : ["iCloud(\(owner))"]) + missing.map(\.name)
                diffs.append(EntityDiff(entity: entry.key, location: places.joined(separator: ", "),
                                        expected: "confirmed on \(entry.device) for \(owner)", actual: "missing"))
            } else if let device = world.devices.first(where: { $0.name == entry.device }),
                      !device.keyed.contains(where: { $0.naturalKey == entry.key }) {
                diffs.append(EntityDiff(entity: entry.key, location: device.name, expected: "confirmed locally", actual: "missing"))
            }
        }
        let wiped = world.wipes.isEmpty ? "" : " (stores wiped at launch on \(Set(world.wipes).sorted().joined(separator: ", ")))"
        return ViolationReport.of(name, diffs) { "\($0) confirmed objects silently lost\(wiped)" }
    }

    /// Whether the device that made the entry set it aside for its account and told the user.
    func setAside(_ entry: ConfirmedObjects.Entry, owner: String, in world: CryptoWorld) -> Bool {
        let note = CryptoKeys.note(forLedgerKey: entry.key)
        return world.devices.contains { $0.name == entry.device && ($0.setAside[owner] ?? []).contains(note) }
    }
}
