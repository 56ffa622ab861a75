import AppPorts
import FakeCloud
import Foundation
import InfiniteStories
import SimCore
import SimHarness

/// What the harness checks at the instants the app announces something (progress at 100 %, a
/// passed verification, a finished rollback), against the server as it is then.
extension StoriesStage {
    /// The account whose session the device's Keychain holds now.
    func sessionUser(_ device: Device) -> String? {
        guard let data = device.files.read(AuthManager.keychainPath),
              let session = try? JSONDecoder().decode(AuthManager.Session.self, from: Data(data)) else { return nil }
        return session.userId
    }

    /// The label of an account id.
    func label(ofUser id: String?) -> String? {
        guard let id else { return nil }
        return accounts.first { userId($0.label) == id }?.label
    }

    /// Entities of `keys` that are not on the server of the store owner's account (where the
    /// upload belongs, whoever is signed in at this instant).
    func missingOnServer(_ deviceName: String, _ keys: [String]) -> [EntityDiff] {
        guard let plan = plans.first(where: { $0.device.name == deviceName }), let user = userId(plan.owner) else { return [] }
        let oracle = ContentOracle(local: LocalData(device: plan.device), rows: ServerRows(admin: server.admin, owner: user))
        return Array(oracle.diffs(only: Set(keys)).filter { $0.actual == "missing" }.prefix(6))
    }

    /// What differs between the device's data and its owner's rows, leaving out entities the
    /// user created or changed during the run (the app rightly verifies what it sent).
    func contentDiffs(_ deviceName: String) -> [EntityDiff] {
        guard let plan = plans.first(where: { $0.device.name == deviceName }), let user = userId(plan.owner) else { return [] }
        let local = LocalData(device: plan.device)
        let original = StoriesWorld.originalKeys(plan.dataset)
        let oracle = ContentOracle(local: local, rows: ServerRows(admin: server.admin, owner: user))
        return Array(oracle.diffs(only: original.subtracting(HeroSave.touched(heroSaves, on: deviceName))).prefix(6))
    }

    /// After a rollback said it is done: rows of this store's reset entities (no server id now)
    /// still on the account's server, and local entities still claiming `.synced` with no row.
    func rollbackLeftovers(_ deviceName: String, _ account: String?) -> (rows: [EntityDiff], claims: [EntityDiff]) {
        guard let plan = plans.first(where: { $0.device.name == deviceName }) else { return ([], []) }
        let local = LocalData(device: plan.device)
        var found: [EntityDiff] = []
        if let account {
            let rows = ServerRows(admin: server.admin, owner: account)
            let reset = StoriesWorld.resetKeys(local)
            for row in rows.all {
                let byId = row.fields["local_id"]?.stringValue.map { reset.ids.contains($0) } ?? false
                let byName = ServerRows.contentKey(row).map { reset.names.contains($0) } ?? false
                guard byId || byName else { continue }
                found.append(EntityDiff(entity: "\(row.collection) \(ServerRows.contentKey(row) ?? row.id)", location: "account \(account.prefix(8))",
                                        expected: "deleted by the rollback", actual: "still on the server"))
            }
        }
        let claims = StatusTruthfulnessChecker.falseClaims(local, owner: account ?? userId(plan.owner), admin: server.admin)
        return (Array(found.prefix(6)), Array(claims.prefix(6)))
    }
}
