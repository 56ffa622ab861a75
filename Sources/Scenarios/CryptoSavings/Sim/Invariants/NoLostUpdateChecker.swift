import CryptoSavings
import SimCore
import SimHarness

/// no-lost-update: a confirmed goal edit or allocation that every other edit of the same goal or
/// (asset, goal) pair preceded — made after a barrier at which every device had imported the
/// others' edits, or later on the same device — is what its account's iCloud database and every
/// device signed in to that account show at quiescence. (Edits concurrent with another edit of
/// the same key may lose to it: CloudKit keeps the record saved last, dedupe shows one copy.)
/// Edits set aside and reported at an account change are exempt, as for no-loss. Objects
/// missing altogether are no-loss's to report.
/// The values set last come from the shared last-writer rule (`ConfirmedObjects.lastValues`); not
/// the shared `NoLostUpdateCheck`, since where a value must be depends on its owner's account.
struct NoLostUpdateChecker: InvariantChecker {
    let name = "no-lost-update"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for edit in world.confirmed.lastValues {
            guard let owner = edit.owner, !setAside(edit, owner: owner, in: world) else { continue }
            var places: [(String, SavingsView)] = world.devices(of: owner).map { ($0.name, $0.view) }
            if let cloud = world.clouds[owner] { places.insert(("iCloud(\(owner))", cloud.view), at: 0) }
            for (place, view) in places {
                guard let shown = Self.shown(edit.key, in: view), shown != edit.value else { continue }
                diffs.append(EntityDiff(entity: edit.key, location: place,
                                        expected: "\(edit.value) (set last, on \(edit.device))", actual: shown))
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) values set last were replaced by older ones" }
    }

    /// Whether the device set the edit aside at an account change and told the user (the
    /// fixed build's answer to edits that never reached the old account; no-loss counts them).
    func setAside(_ edit: ConfirmedObjects.LastValue, owner: String, in world: CryptoWorld) -> Bool {
        let note = CryptoKeys.note(forLedgerKey: edit.key)
        return world.devices.contains { $0.name == edit.device && ($0.setAside[owner] ?? []).contains(note) }
    }

    /// What `view` shows for a ledger value key (nil: the object is not shown).
    static func shown(_ key: String, in view: SavingsView) -> String? {
        let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
        precondition(parts.count == 2, "a value key is `Entity id`")
        switch parts[0] {
        case "Goal": return view.goals[parts[1]].map { "\($0.name) | \($0.target.text)" }
        case "AssetAllocation": return view.allocations[parts[1]]?.text
        default: preconditionFailure("no shown value for \(parts[0])")
        }
    }
}
