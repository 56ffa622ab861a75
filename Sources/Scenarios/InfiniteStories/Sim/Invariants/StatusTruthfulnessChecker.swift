import AppPorts
import FakeCloud
import InfiniteStories
import SimCore
import SimHarness

/// status-truthfulness: what the app says is true.
/// - A local entity marked `.synced` has a server id, the row is live in the store owner's account
///   and holds the entity's content (and its media's bytes).
/// - Progress shows 100 % exactly when everything the upload pass started with is on the server:
///   not before (the audit at 100 %), not never (an upload loop that returned short of 100 %).
/// - A device that announced completion and whose entities are all synced has cloud sync on.
/// - After a rollback said it was done, nothing local claims to be synced.
struct StatusTruthfulnessChecker: InvariantChecker {
    let name = "status-truthfulness"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for device in world.devices {
            diffs += Self.falseClaims(device.local, owner: world.users[device.owner], admin: world.admin)
            for early in device.report.earlyCompletions { diffs += early.map { relabel($0, "\(device.name) showed 100 %") } }
            for (current, total) in device.report.unfinishedProgress {
                diffs.append(EntityDiff(entity: "\(device.name) upload progress", location: "end of upload", expected: "\(total) of \(total)",
                                        actual: "\(current) of \(total)"))
            }
            for claims in device.report.rollbackFalseClaims { diffs += claims.map { relabel($0, "\(device.name) after rollback") } }
            let announced = world.users[device.owner].map { device.report.completions.contains($0) } ?? false
            if announced && device.intended == device.owner && allSynced(device.local) && !device.cloudSyncEnabled {
                diffs.append(EntityDiff(entity: "\(device.name) cloudSyncEnabled", location: "UserDefaults", expected: "true after completion",
                                        actual: "false"))
            }
        }
        return ViolationReport.of(name, diffs) { "the app claims \($0) things that are not so" }
    }

    private func relabel(_ diff: EntityDiff, _ location: String) -> EntityDiff {
        EntityDiff(entity: diff.entity, location: location, expected: diff.expected, actual: diff.actual)
    }

    private func allSynced(_ local: LocalData) -> Bool {
        local.heroes.allSatisfy { $0.serverSyncStatus == .synced } && local.stories.allSatisfy { $0.serverSyncStatus == .synced }
            && local.events.allSatisfy { $0.serverSyncStatus == .synced }
    }

    /// Local entities marked `.synced` whose claim does not hold in `owner`'s account.
    static func falseClaims(_ local: LocalData, owner: String?, admin: RESTAdminView) -> [EntityDiff] {
        let rows = ServerRows(admin: admin, owner: owner ?? "-")
        var found: [EntityDiff] = []
        func check(_ name: String, _ status: ServerSyncStatus, _ serverId: String?, _ content: [String: JSONValue], _ media: [(MediaKind, String?)]) {
            guard status == .synced else { return }
            guard let serverId else { return found.append(claim(name, "a server id", "none")) }
            guard let row = admin.row(id: serverId) else { return found.append(claim(name, "row \(serverId.suffix(6))", "no such row")) }
            guard row.ownerId == owner else { return found.append(claim(name, "in the store owner's account", "another account's row")) }
            for key in content.keys.sorted() where !ContentFields.same(row.fields[key], content[key]) {
                found.append(claim("\(name) \(key)", content[key]!.canonicalText, row.fields[key]?.canonicalText ?? "absent"))
            }
            for (kind, reference) in media {
                guard let bytes = local.media(reference, kind), rows.mediaHash(row, kind) != BytesHash.of(bytes) else { continue }
                found.append(claim("\(name) \(kind.rawValue)", "the same bytes", "not on the server"))
            }
        }
        for hero in local.heroes { check("hero \(hero.name)", hero.serverSyncStatus, hero.serverId, ContentFields.hero(hero), [(.avatar, hero.avatarImagePath)]) }
        for event in local.events {
            check("event \(event.title)", event.serverSyncStatus, event.serverId, ContentFields.event(event), [(.pictogram, event.pictogramPath)])
        }
        for story in local.stories {
            check("story \(story.title)", story.serverSyncStatus, story.serverId, ContentFields.story(story), [(.audio, story.audioFileName)])
        }
        return found
    }

    private static func claim(_ entity: String, _ expected: String, _ actual: String) -> EntityDiff {
        EntityDiff(entity: entity, location: "marked .synced", expected: expected, actual: actual)
    }
}
