import SimCore

/// What a scenario does to the seed's swarm fault plan before the run starts: families forced on
/// at a rate (the scenario is about them), families forced off (the app cannot meet them, or the
/// scenario must not), and families whose drawn rate is capped (low enough that the workload still
/// reaches its later phases). Under a replay schedule nothing changes (the schedule decides).
public struct FaultPolicy: Sendable, Equatable {
    public var forced: [FaultFamily: Int]
    public var off: [FaultFamily]
    public var capped: [FaultFamily: Int]

    public init(forced: [FaultFamily: Int] = [:], off: [FaultFamily] = [], capped: [FaultFamily: Int] = [:]) {
        precondition(forced.values.allSatisfy { $0 > 0 }, "a forced family needs a rate; use `off`")
        precondition(Set(forced.keys).isDisjoint(with: off), "a family cannot be both forced and off")
        self.forced = forced
        self.off = off
        self.capped = capped
    }

    /// The same policy with more families off.
    public func turningOff(_ families: [FaultFamily]) -> FaultPolicy {
        var copy = self
        copy.off += families.filter { !off.contains($0) && forced[$0] == nil }
        return copy
    }

    /// The same policy with every family outside `families` off: an app's scenarios meet only the
    /// families the app lists. The scripted family stays as it is (a script's own perturbations
    /// are never drawn), and a family the scenario forces must be one the app lists.
    public func limited(to families: [FaultFamily]) -> FaultPolicy {
        precondition(forced.keys.allSatisfy(families.contains), "a scenario forces a fault family its app does not list")
        return turningOff(FaultFamily.allCases.filter { $0 != .script && !families.contains($0) })
    }

    /// Applies the policy (forced, then off, then capped; each in family order, so the result is
    /// the same in every process).
    public func apply(to faults: FaultInjector) {
        for family in forced.keys.sorted() { faults.setRate(family, ppm: forced[family]!) }
        for family in off { faults.setRate(family, ppm: 0) }
        for family in capped.keys.sorted() { faults.setRate(family, ppm: min(capped[family]!, faults.rate(family))) }
    }
}
