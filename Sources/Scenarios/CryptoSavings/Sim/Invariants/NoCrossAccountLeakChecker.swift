import CryptoSavings
import SimCore
import SimHarness

/// no-cross-account-leak: no account's iCloud database, and no device signed in to an account,
/// holds an object that only another account's user made (or was asked to make: a kill after
/// the save and before the confirmation leaves an object nobody confirmed). The shared
/// `LeakCheck`, with each object's owners read from the users' ledger; an object is reported once
/// per place, however many copies of it the place holds (no-duplicate counts copies).
struct NoCrossAccountLeakChecker: InvariantChecker {
    let name = "no-cross-account-leak"

    func check(_ world: CryptoWorld, history: History) -> [Violation] {
        var makers: [String: Set<String?>] = [:]
        for entry in world.confirmed.entries + world.confirmed.attempts { makers[entry.key, default: []].insert(entry.owner) }
        // An object a local-only (no account) action made is anybody's: it proves no leak.
        let owners = makers.filter { !$0.value.contains(nil) }.mapValues { Set($0.compactMap { $0 }) }
        var snapshot = EntitySnapshot()
        var places: [LeakCheck.AccountLocation] = []
        func add(_ location: String, _ keyed: [CryptoKeys.Keyed]) {
            for item in keyed { snapshot.add(location, item.entity, [EntitySnapshot.Entity(key: item.naturalKey, text: "")]) }
        }
        for user in world.clouds.keys.sorted() {
            places.append(LeakCheck.AccountLocation("iCloud(\(user))", account: user))
            add("iCloud(\(user))", world.clouds[user]!.keyed)
        }
        for device in world.devices {
            guard let user = device.account else { continue }
            places.append(LeakCheck.AccountLocation("\(device.name) as \(user)", account: user))
            add("\(device.name) as \(user)", device.keyed)
        }
        // A natural key is `<entity> <natural>`: the report names it once.
        let diffs = LeakCheck.diffs(snapshot, accounts: places, owners: owners, collections: CryptoSchemas.entityNames) { key in
            key.firstIndex(of: " ").map { String(key[key.index(after: $0)...]) } ?? key
        }
        return ViolationReport.of(name, diffs) { "\($0) objects of one Apple ID reached another" }
    }
}
