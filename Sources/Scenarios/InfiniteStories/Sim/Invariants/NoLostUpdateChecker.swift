import SimCore
import SimHarness

/// no-lost-update: every hero the user created or renamed on a device still carries, in that
/// device's store at the end, the name the user last gave it. no-loss compares the store with
/// the server, so an upload that writes an older copy back over the user's edit (locally, or on
/// both sides) leaves the two agreeing; this check holds the store to what the user did.
/// Not the shared `NoLostUpdateCheck`: each device's heroes are its own (no concurrent writers),
/// so the rule is the device's last save (`HeroSave`), held to its store.
struct NoLostUpdateChecker: InvariantChecker {
    let name = "no-lost-update"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for device in world.devices {
            let heroes = Dictionary(device.local.heroes.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            for (id, name) in (world.lastNames[device.name] ?? [:]).sorted(by: { $0.key < $1.key }) where heroes[id] != name {
                precondition(!name.isEmpty, "a user's hero has a name")
                diffs.append(EntityDiff(entity: "hero \(id.prefix(8))", location: device.name, expected: name, actual: heroes[id] ?? "gone"))
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) heroes no longer carry the name the user last gave them" }
    }
}
