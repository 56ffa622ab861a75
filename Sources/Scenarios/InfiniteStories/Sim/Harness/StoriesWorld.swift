import AppPorts
import FakeCloud
import InfiniteStories
import SimCore
import SimHarness

/// The world at quiescence, as the checkers see it: the server (admin view: rows, files, the
/// write log, accounts), each device's plan, final local data, session and flags, what the apps
/// reported, and what healing left pending.
struct StoriesWorld {
    struct DeviceState {
        var name: String
        /// Label of the account the store belongs to.
        var owner: String
        var expectation: StoriesStage.Expectation
        var original: StoriesDataset
        var local: LocalData
        /// Label of the account signed in at the end (nil: none).
        var session: String?
        /// Label of the account whose credentials the device's user types at the end (the
        /// account the user means to use there).
        var intended: String?
        var cloudSyncEnabled: Bool
        /// A fixed-variant rollback that has not finished.
        var rollbackPending: Bool
        var report: StoriesReports.Report
    }

    let admin: RESTAdminView
    /// Label → user id (accounts that exist).
    let users: [String: String]
    let devices: [DeviceState]
    /// Per device, the name the user last gave each hero it created or renamed (by hero id).
    var lastNames: [String: [String: String]] = [:]
    /// What had not settled when healing's bounds ran out.
    var healing: HealingOutcome

    init(admin: RESTAdminView, users: [String: String], devices: [DeviceState], lastNames: [String: [String: String]] = [:],
         healing: HealingOutcome = .healed) {
        self.admin = admin
        self.users = users
        self.devices = devices
        self.lastNames = lastNames
        self.healing = healing
    }

    init(stage: StoriesStage, healing: HealingOutcome) {
        self.healing = healing
        admin = stage.server.admin
        var users: [String: String] = [:]
        for account in stage.accounts { if let id = stage.userId(account.label) { users[account.label] = id } }
        self.users = users
        lastNames = HeroSave.lastNames(stage.heroSaves)
        devices = stage.plans.map { plan in
            let device = plan.device
            return DeviceState(
                name: device.name, owner: plan.owner, expectation: plan.expectation, original: plan.dataset, local: LocalData(device: device),
                session: stage.label(ofUser: stage.sessionUser(device)), intended: stage.credentials[device.name],
                cloudSyncEnabled: device.defaults.value(forKey: "cloudSyncEnabled")?.boolValue ?? false,
                rollbackPending: device.files.read(MigrationLedger.rollbackPath) != nil,
                report: stage.reports.byDevice[device.name] ?? StoriesReports.Report())
        }
    }

    /// The rows of an account (empty for an account that never existed).
    func rows(_ label: String) -> ServerRows { ServerRows(admin: admin, owner: users[label] ?? "-") }

    /// Devices whose data must be on their owner's server: expected migrated, and the owner is the
    /// account the device's user means to use at the end (a device handed to another account
    /// keeps its data local; a rollback that signed the user out does not excuse anything).
    var migratedDevices: [DeviceState] { devices.filter { $0.expectation == .migrated && $0.intended == $0.owner } }

    /// Keys of everything the device held before the run.
    static func originalKeys(_ dataset: StoriesDataset) -> Set<String> {
        LocalData(heroes: dataset.heroes, stories: dataset.stories, events: dataset.events, files: [:]).keys.reduce(into: []) { $0.insert($1) }
    }

    /// Local ids and names of entities with no server id (what a rollback reset).
    static func resetKeys(_ local: LocalData) -> (ids: Set<String>, names: Set<String>) {
        var ids: Set<String> = [], names: Set<String> = []
        for hero in local.heroes where hero.serverId == nil { ids.insert(hero.id); names.insert("hero:" + hero.name) }
        for event in local.events where event.serverId == nil { ids.insert(event.id); names.insert("event:" + event.title) }
        for story in local.stories where story.serverId == nil {
            ids.insert(story.id)
            names.insert("story:" + story.title)
            for illustration in story.illustrations { ids.insert(illustration.id); names.insert("illustration:" + illustration.imagePrompt) }
        }
        return (ids, names)
    }
}
