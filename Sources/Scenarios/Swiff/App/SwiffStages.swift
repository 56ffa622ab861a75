import AppPorts
import AppleStandIns

/// The custom stages' handlers. Every handler names its phase for the kill injector, and yields
/// after every few rows: a long handler is where a watchdog or a force-quit lands.
enum SwiffStages {
    /// Rows between two await points of a handler.
    static let batch = 2
    /// Rows per saved batch of the resumable stage.
    static let saveBatch = 10

    /// The seed's `migrateV1toV2` (l.133-158): willMigrate only prints (the backup call is
    /// commented out, l.140-141); didMigrate fetches the people and runs the transform, then saves
    /// once. `rename-in-did-migrate` does the rename there (`person.newProperty =
    /// person.oldProperty`, l.147-153): the V2 context has no `phone` any more, nothing is copied.
    static func v1ToV2(from: VersionedSchema, to: VersionedSchema, build: SwiffBuild, probe: any PhaseProbe) -> MigrationStage {
        let person = to.entities[0].name, variant = build.variant
        return .custom(fromVersion: from, toVersion: to, willMigrate: { _ in
            probe.enter("v1-v2.willMigrate")
            await Task.yield()
        }, didMigrate: { context in
            probe.enter("v1-v2.didMigrate")
            for (index, row) in try context.fetch(person).enumerated() {
                if variant.has(.renameInDidMigrate), let old = row["phone"], context.schema.entity(person)?.attribute("phoneNumber") != nil {
                    context.set(row.id, "phoneNumber", old)
                }
                if index % batch == batch - 1 { await Task.yield() }
            }
            try context.save()
        })
    }

    /// Fixed V2.1→V3 (the "two-stage" pattern of Axiom's SwiftData migration guide: willMigrate
/// sees only the old models, didMigrate only the new, so both columns must coexist in a schema of
/// their own for a copy that survives a kill): duplicates merged, then `amountCents` filled where still null in saved
    /// batches, then every balance derived into `balanceCents`; all idempotent, all committed
    /// before the schema step. didMigrate only checks the post-condition.
    static func bridgeToV3(from: VersionedSchema, to: VersionedSchema, build: SwiffBuild, probe: any PhaseProbe) -> MigrationStage {
        let person = from.entities[0].name, variant = build.variant
        return .custom(fromVersion: from, toVersion: to, willMigrate: { context in
            probe.enter("v2-v3.willMigrate")
            if !variant.has(.noDedupeBeforeUnique), try DuplicateMerger.merge(context) > 0 { try context.save() }
            await Task.yield()
            let pending = try context.fetch("GroupExpenseModel") { $0["amountCents"]?.isNull ?? true }
            for (index, expense) in pending.enumerated() {
                context.set(expense.id, "amountCents", .int(Money.cents(expense["amount"]) ?? 0))
                if index % saveBatch == saveBatch - 1 || index == pending.count - 1 { try context.save() }
                if index % batch == batch - 1 { await Task.yield() }
            }
            let derived = try Balances.derive(in: context, personEntity: person)
            for row in try context.fetch(person) {
                context.set(row.id, "balanceCents", .int(derived[row["id"]?.uuidValue ?? ""] ?? 0))
            }
            try context.save()
        }, didMigrate: { context in
            probe.enter("v2-v3.didMigrate")
            await Task.yield()
            _ = try context.fetchCount("GroupExpenseModel")
        })
    }

    /// V2→V3 in the seed's style: willMigrate captures every amount and balance in memory (the
    /// old columns exist only there), the schema step drops them, didMigrate writes the captured
    /// values and saves once. Killed after the schema step, the capture is gone with the process
    /// and the store is already V3: no stage runs again (SW-6).
    static func capturedV2ToV3(from: VersionedSchema, to: VersionedSchema, build: SwiffBuild, probe: any PhaseProbe) -> MigrationStage {
        let person = from.entities[0].name, variant = build.variant
        let capture = MigrationCapture()
        return .custom(fromVersion: from, toVersion: to, willMigrate: { context in
            probe.enter("v2-v3.willMigrate")
            if !variant.has(.noDedupeBeforeUnique), try DuplicateMerger.merge(context) > 0 { try context.save() }
            for expense in try context.fetch("GroupExpenseModel") { capture.amounts[expense["id"]!] = Money.cents(expense["amount"]) ?? 0 }
            await Task.yield()
            for row in try context.fetch(person) { capture.balances[row["id"]!] = Money.cents(row["balance"]) ?? 0 }
        }, didMigrate: { context in
            probe.enter("v2-v3.didMigrate")
            for (index, expense) in try context.fetch("GroupExpenseModel").enumerated() {
                context.set(expense.id, "amountCents", .int(capture.amounts[expense["id"]!] ?? 0))
                if index % batch == batch - 1 { await Task.yield() }
            }
            for row in try context.fetch(person) { context.set(row.id, "balanceCents", .int(capture.balances[row["id"]!] ?? 0)) }
            try context.save()
        })
    }
}

/// Values a `willMigrate` keeps in memory for its `didMigrate` (a static var in the seed's style):
/// gone when the process is.
final class MigrationCapture: @unchecked Sendable {
    var amounts: [StoreValue: Int64] = [:]
    var balances: [StoreValue: Int64] = [:]
}
