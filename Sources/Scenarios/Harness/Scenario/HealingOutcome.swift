/// How a run's healing phase ended: healed (every device settled), or still pending, with a
/// reason per thing that did not settle within healing's bounds (TigerBeetle's liveness phase:
/// a run that cannot heal says what is still pending).
public struct HealingOutcome: Sendable, Equatable {
    /// What had not settled when healing's bounds ran out (empty: healed).
    public var pending: [String]

    public init(pending: [String] = []) { self.pending = pending }

    /// Every device settled.
    public static let healed = HealingOutcome()

    public var isHealed: Bool { pending.isEmpty }
}
