/// Runs the stages that take a stored snapshot to the build's schema, committing where
/// `StoreFakeOptions.MigrationCommit` says, with a suspension (`await Task.yield()`) at every step
/// boundary so a simulated kill can land between any two steps:
///
///     [yield] willMigrate(old-schema context) [yield] schema step, commit [yield]
///     didMigrate(new-schema context) [yield]   … for every stage in turn
///
/// A store that matches no schema of the plan, or matches one after the build's, throws before
/// anything is written.
struct MigrationRunner {
    let path: String
    let disk: StoreDisk
    let options: StoreFakeOptions

    func migrate(_ stored: StoreSnapshot, to target: VersionedSchema, plan: SchemaMigrationPlan?) async throws -> StoreSnapshot {
        let hash = { (schema: VersionedSchema) in VersionHash.of(schema, uniqueness: options.uniquenessHashing) }
        let storeHash = stored.metadata.versionHash
        guard storeHash != hash(target) else { return stored }
        guard let plan else { return try await migrateWithoutPlan(stored, to: target) }
        let hashes = plan.schemas.map(hash)
        guard let start = hashes.firstIndex(of: storeHash) else {
            throw ModelStoreError.unknownModelVersion(storeVersion: stored.metadata.versionIdentifier, storeHash: storeHash)
        }
        guard let end = hashes.firstIndex(of: hash(target)) else {
            preconditionFailure("the build's schema \(target) must be in its migration plan")
        }
        guard start < end else {
            throw ModelStoreError.incompatibleVersionHash(storeVersion: stored.metadata.versionIdentifier, buildVersion: target.description)
        }
        var current = stored
        for step in start..<end {
            let stage = try stage(in: plan, from: plan.schemas[step], to: plan.schemas[step + 1])
            current = try await run(stage, on: current)
        }
        if options.migrationCommit == .wholeOpen { try disk.save(current, at: path) }
        return current
    }

    /// No plan: infer one lightweight step from the model cached in the store, or refuse.
    private func migrateWithoutPlan(_ stored: StoreSnapshot, to target: VersionedSchema) async throws -> StoreSnapshot {
        guard options.unplannedMismatch == .inferFromStoreModel else {
            throw ModelStoreError.incompatibleVersionHash(storeVersion: stored.metadata.versionIdentifier, buildVersion: target.description)
        }
        await Task.yield()
        let migrated = try InferredMapping.migrate(stored, from: stored.metadata.model, to: target, options: options)
        try disk.save(migrated, at: path)
        await Task.yield()
        return migrated
    }

    private func stage(in plan: SchemaMigrationPlan, from: VersionedSchema, to: VersionedSchema) throws -> MigrationStage {
        let key = { (schema: VersionedSchema) in VersionHash.of(schema, uniqueness: options.uniquenessHashing) }
        if let stage = plan.stages.first(where: { key($0.fromVersion) == key(from) && key($0.toVersion) == key(to) }) {
            return stage
        }
        guard options.missingStage == .inferLightweight else {
            throw ModelStoreError.missingStage(from: from.versionIdentifier.description, to: to.versionIdentifier.description)
        }
        return .lightweight(fromVersion: from, toVersion: to)
    }

    private func run(_ stage: MigrationStage, on stored: StoreSnapshot) async throws -> StoreSnapshot {
        var current = stored
        await Task.yield()
        if case .custom(let from, _, let willMigrate?, _) = stage {
            current = try await runHandler(willMigrate, schema: from, on: current)
            await Task.yield()
        }
        current = try InferredMapping.migrate(current, from: stage.fromVersion, to: stage.toVersion, options: options)
        if options.migrationCommit == .perStep { try disk.save(current, at: path) }
        await Task.yield()
        if case .custom(_, let to, _, let didMigrate?) = stage {
            current = try await runHandler(didMigrate, schema: to, on: current)
            await Task.yield()
        }
        return current
    }

    /// Runs a handler with a context over `schema` only; its saves commit (per step) or stay in
    /// memory (whole open).
    private func runHandler(_ handler: MigrationHandler, schema: VersionedSchema, on stored: StoreSnapshot) async throws -> StoreSnapshot {
        let container = ModelContainer(
            schema: schema, path: path, disk: disk, options: options, committed: stored,
            writesThrough: options.migrationCommit == .perStep)
        let context = ModelContext(container)
        try await handler(context)
        if options.unsavedMigrationChanges == .saved { try context.save() }
        return container.committed
    }
}
