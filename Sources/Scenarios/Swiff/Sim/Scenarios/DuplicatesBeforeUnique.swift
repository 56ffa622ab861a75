import AppleStandIns
import FakeCloud
import SimCore
import SimHarness
import Swiff

extension SwiffScenario {
    /// A sync bug left copies of people, expenses, a group and a subscription in a V2 store (same
    /// ids, references pointing at either copy); the user edits on build 2, then build 3 adds
    /// `.unique` on every id. Kills as in schema-upgrade.
    static let duplicatesBeforeUnique = SwiffScenario(
        name: "duplicates-before-unique",
        summary: "rows a sync bug duplicated in a V2 store, then the upgrade that adds .unique",
        faults: FaultPolicy(forced: [.kill: 500_000], off: [.storage]),
        script: { stage in
            let phone = await stage.setUp("phone", build: 2)
            try? await stage.duplicateRows(phone)
            await stage.session(phone, stage.edits(phone, 2), kill: ["edit"], maxKills: 1)
            await stage.pause(days: 1)
            stage.install(phone, build: 3)
            await stage.session(phone, stage.edits(phone, 2), kill: SwiffKill.migration, maxKills: 2)
        })
}

extension SwiffStage {
    /// The sync bug: through the store (as another process would), copies 1-2 people, 1-3
    /// expenses, a group and a subscription, and points one expense's payer at a person's copy.
    func duplicateRows(_ device: Device) async throws {
        let schema = SwiffBuild(2, variant: variant).schema
        let container = try await ModelContainer.open(at: "Library/Application Support/default.store", schema: schema, disk: StoreDisk(files: device.files))
        let context = container.makeContext()
        let person = schema.entities[0].name
        var copies: [(original: PersistentIdentifier, copy: PersistentIdentifier)] = []
        for (entity, count) in [(person, 1 + draw(2)), ("GroupExpenseModel", 1 + draw(3)), ("GroupModel", 1), ("SubscriptionModel", 1)] {
            let rows = try context.fetch(entity)
            for _ in 0..<min(count, rows.count) {
                let original = rows[draw(rows.count)]
                let copy = context.insert(entity, original.attributes)
                for (name, targets) in original.relationships.sorted(by: { $0.key < $1.key }) where name != "expenses" {
                    context.relate(copy, name, to: targets)
                }
                if entity == person { copies.append((original.id, copy)) }
            }
        }
        for (original, copy) in copies {
            let paid = try context.fetch("GroupExpenseModel") { $0.targets("paidBy") == [original] }
            if !paid.isEmpty { context.relate(paid[draw(paid.count)].id, "paidBy", to: [copy]) }
        }
        try context.save()
        sim.sometimes("swiff: a sync bug duplicated rows")
    }
}
