/// One fault that was injected: which family, at which opportunity (`subject`, e.g. `req#17` or
/// `device-1@launch2`), with what detail (e.g. `503`, `job41`, `+3000000000ns`).
public struct InjectedFault: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var family: FaultFamily
    public var subject: String
    public var detail: String

    public init(family: FaultFamily, subject: String, detail: String) {
        self.family = family
        self.subject = subject
        self.detail = detail
    }

    public static func < (a: InjectedFault, b: InjectedFault) -> Bool {
        (a.family, a.subject, a.detail) < (b.family, b.subject, b.detail)
    }

    public var description: String {
        detail.isEmpty ? "\(family.rawValue) \(subject)" : "\(family.rawValue) \(subject) \(detail)"
    }
}

/// An explicit list of faults to inject, and no others: what a replay file holds and what the
/// shrinker removes faults from.
public struct FaultSchedule: Sendable, Hashable, Codable {
    public var faults: [InjectedFault]

    public init(_ faults: [InjectedFault]) { self.faults = faults }

    /// The detail of the scheduled fault for this family and opportunity, if any.
    func detail(for family: FaultFamily, subject: String) -> String? {
        faults.first { $0.family == family && $0.subject == subject }?.detail
    }
}

/// Where a run's faults come from.
public enum FaultSource: Sendable {
    /// The seed's swarm plan.
    case swarm
    /// A given plan (a scenario can force families on or off), drawn from the seed.
    case plan(FaultPlan)
    /// Exactly these faults (replay and shrink); the seed still drives latency and scheduling, and
    /// the fault families' streams advance as the seeded run's did (a whole schedule replays its run).
    case schedule(FaultSchedule)
}
