import SimCore
import SimHarness

/// Every Swiff invariant, in report order.
enum SwiffChecks {
    static let suite = CheckSuite<SwiffWorld>([
        CrashFreeOpenChecker(), NoLossChecker(), TransformAppliedChecker(), ReferentialIntegrityChecker(), BalanceEqualityChecker(),
        BackupRestorableChecker(), NoSilentRestoreChecker(), BackupIndexSoundChecker(), BackupFreshChecker(), RestoreUndoableChecker(),
        RestoreHonouredChecker(), FailedSaveAbsentChecker(),
    ])

    static var names: [String] { suite.names }

    static func run(_ world: SwiffWorld, history: History) -> [Violation] { suite.run(world, history: history) }
}
