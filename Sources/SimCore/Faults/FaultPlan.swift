/// How often each fault family fires in one run, in parts per million per opportunity.
///
/// Derived from the seed by swarm testing (Groce et al.; TigerBeetle's VOPR): each family is off
/// or at one of three levels, and one seed in sixteen turns every family off. Printed at the start
/// of a run so a log alone tells what was simulated.
public struct FaultPlan: Sendable, Equatable, Codable {
    /// Rate per family in parts per million; a missing family is off.
    public private(set) var rates: [FaultFamily: Int]

    public init(rates: [FaultFamily: Int] = [:]) {
        self.rates = rates.filter { $0.value > 0 }
    }

    /// No faults at all.
    public static let none = FaultPlan()

    /// The swarm plan for a stream (use `SimRandom(seed:).fork("fault-plan")`).
    public static func swarm(_ random: SimRandom) -> FaultPlan {
        var random = random
        if random.below(16) == 0 { return .none }
        var rates: [FaultFamily: Int] = [:]
        for family in FaultFamily.allCases {
            rates[family] = family.levels[random.below(4)]
        }
        return FaultPlan(rates: rates)
    }

    /// The rate of one family in parts per million.
    public func rate(_ family: FaultFamily) -> Int { rates[family] ?? 0 }

    /// Sets one family's rate.
    public mutating func set(_ family: FaultFamily, ppm: Int) {
        rates[family] = ppm > 0 ? ppm : nil
    }

    /// Whether a family is on.
    public func isOn(_ family: FaultFamily) -> Bool { rate(family) > 0 }

    /// One line per family, in a fixed order: `request-loss 20000ppm` or `request-loss off`.
    public var lines: [String] {
        FaultFamily.allCases.map { family in
            let ppm = rate(family)
            return ppm > 0 ? "\(family.rawValue) \(ppm)ppm" : "\(family.rawValue) off"
        }
    }

    /// The plan on one line.
    public var summary: String {
        let on = FaultFamily.allCases.filter(isOn)
        if on.isEmpty { return "no faults" }
        return on.map { "\($0.rawValue)=\(rate($0))ppm" }.joined(separator: " ")
    }
}
