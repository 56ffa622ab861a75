import SimCore

/// Every Swiff invariant, in report order.
enum SwiffChecks {
    static let names = ["crash-free-open", "no-loss", "transform-applied", "referential-integrity", "balance-equality",
                        "backup-restorable", "no-silent-restore", "backup-index-sound", "backup-fresh", "restore-undoable",
                        "restore-honoured", "failed-save-absent"]

    static func run(_ world: SwiffWorld) -> [Violation] {
        CrashFreeOpenChecker().check(world) + NoLossChecker().check(world) + TransformAppliedChecker().check(world)
            + ReferentialIntegrityChecker().check(world) + BalanceEqualityChecker().check(world)
            + BackupRestorableChecker().check(world) + NoSilentRestoreChecker().check(world)
            + BackupIndexSoundChecker().check(world) + BackupFreshChecker().check(world) + RestoreUndoableChecker().check(world)
            + RestoreHonouredChecker().check(world) + FailedSaveAbsentChecker().check(world)
    }

    /// One violation listing at most 12 of `diffs` (nothing when there are none).
    static func report(_ invariant: String, _ what: String, _ diffs: [EntityDiff]) -> [Violation] {
        guard !diffs.isEmpty else { return [] }
        let more = diffs.count > 12 ? " (first 12 shown)" : ""
        return [Violation(invariant: invariant, message: "\(diffs.count) \(what)\(more)", entities: Array(diffs.prefix(12)))]
    }
}
