import SimCore
import SimHarness

/// Every InfiniteStories invariant, in report order.
enum StoriesChecks {
    static let suite = CheckSuite<StoriesWorld>([
        NoLossChecker(), NoDuplicateChecker(), ReferentialIntegrityChecker(), IdempotentRetryChecker(), NoCrossAccountLeakChecker(),
        StatusTruthfulnessChecker(), RollbackSafetyChecker(), EventualCompletionChecker(), VerifierSoundnessChecker(), NoLostUpdateChecker(),
        IntendedSessionChecker(),
    ])

    static var names: [String] { suite.names }

    static func run(_ world: StoriesWorld, history: History) -> [Violation] { suite.run(world, history: history) }

    /// Whether a diff is about a parent reference (referential integrity, not loss).
    static func isParent(_ diff: EntityDiff) -> Bool {
        ["hero_id", "custom_event_id", "story_id"].contains { diff.entity.hasSuffix(" " + $0) }
    }
}
