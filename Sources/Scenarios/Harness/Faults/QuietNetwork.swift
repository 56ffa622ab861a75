import SimCore

/// Part of a script run with the network's request faults off — a phase that must complete before
/// the workload goes on (a first migration, a barrier at which devices exchange everything) —
/// then the run's drawn rates put back. Kills and scripted steps still happen.
public enum QuietNetwork {
    /// Lost requests and responses, duplicate deliveries, 5xx, 429 and slow answers.
    public static let requestFamilies: [FaultFamily] = [.requestLoss, .responseLoss, .duplicate, .serverError, .rateLimit, .slowResponse]

    /// Runs `body` with `families` at rate zero, then restores each family's rate.
    public static func run<T>(_ sim: Simulator, families: [FaultFamily] = requestFamilies, _ body: () async -> T) async -> T {
        let saved = families.map { sim.faults.rate($0) }
        for family in families { sim.faults.setRate(family, ppm: 0) }
        let result = await body()
        for (family, rate) in zip(families, saved) { sim.faults.setRate(family, ppm: rate) }
        return result
    }
}
