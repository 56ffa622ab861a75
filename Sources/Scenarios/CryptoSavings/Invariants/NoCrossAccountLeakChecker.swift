import SimCore
import SimHarness

/// no-cross-account-leak: no account's iCloud database, and no device signed in to an account,
/// holds an object that only another account's user made (or was asked to make: a kill after
/// the save and before the confirmation leaves an object nobody confirmed).
struct NoCrossAccountLeakChecker: InvariantChecker {
    let name = "no-cross-account-leak"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var owners: [String: Set<String?>] = [:]
        for entry in world.ledger.entries + world.ledger.attempts { owners[entry.key, default: []].insert(entry.owner) }
        func leaked(_ key: String, into user: String) -> Bool {
            guard let set = owners[key] else { return false }
            return !set.contains(user) && !set.contains(nil)
        }
        var diffs: [EntityDiff] = []
        for user in world.clouds.keys.sorted() {
            for keyed in world.clouds[user]!.keyed where leaked(keyed.naturalKey, into: user) {
                diffs.append(EntityDiff(entity: keyed.naturalKey, location: "iCloud(\(user))",
                                        expected: "only in \(owners[keyed.naturalKey]!.compactMap { $0 }.sorted().joined(separator: ","))", actual: "present"))
            }
        }
        for device in world.devices {
            guard let user = device.account else { continue }
            for keyed in device.keyed where leaked(keyed.naturalKey, into: user) {
                diffs.append(EntityDiff(entity: keyed.naturalKey, location: "\(device.name) as \(user)", expected: "not shown", actual: "shown"))
            }
        }
        return ViolationReport.of(name, diffs) { "\($0) objects of one Apple ID reached another" }
    }
}
