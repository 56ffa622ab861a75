import SimCore

/// Every InfiniteStories invariant, in report order.
enum StoriesChecks {
    static var names: [String] {
        ["no-loss", "no-duplicate", "referential-integrity", "idempotent-retry", "no-cross-account-leak", "status-truthfulness",
         "rollback-safety", "eventual-completion", "verifier-soundness", "no-lost-update", "intended-session"]
    }

    static func run(_ world: StoriesWorld) -> [Violation] {
        NoLossChecker().check(world) + NoDuplicateChecker().check(world) + ReferentialIntegrityChecker().check(world)
            + IdempotentRetryChecker().check(world) + NoCrossAccountLeakChecker().check(world) + StatusTruthfulnessChecker().check(world)
            + RollbackSafetyChecker().check(world) + EventualCompletionChecker().check(world) + VerifierSoundnessChecker().check(world)
            + NoLostUpdateChecker().check(world) + IntendedSessionChecker().check(world)
    }

    /// A violation listing at most `limit` differences, with the total in the message.
    static func violation(_ invariant: String, _ message: String, _ diffs: [EntityDiff], kind: ViolationKind = .safety, limit: Int = 8) -> Violation {
        Violation(invariant: invariant, kind: kind, message: "\(message) (\(diffs.count) in all)", entities: Array(diffs.prefix(limit)))
    }

    /// Whether a diff is about a parent reference (referential integrity, not loss).
    static func isParent(_ diff: EntityDiff) -> Bool {
        ["hero_id", "custom_event_id", "story_id"].contains { diff.entity.hasSuffix(" " + $0) }
    }
}
