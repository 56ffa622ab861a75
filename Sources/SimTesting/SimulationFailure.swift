import SimCore

/// A simulated test's first failing seed: what broke, the end of the run's trace and the line
/// that runs this seed again. Its `description` is what XCTest and Swift Testing print.
public struct SimulationFailure: Error, Sendable, CustomStringConvertible {
    /// The failing seed.
    public var seed: UInt64
    /// The violated invariant (`InvariantFailure.invariant`), `harness` for an escape, a stall or
    /// a spent event budget, or `error` for any other error the body threw.
    public var invariant: String
    /// What went wrong.
    public var message: String
    /// The run's last trace records (`<virtual ns> <component> <event>`), oldest first.
    public var traceTail: [String]
    /// The ids the failure is about (`note-12`, read from its entities, else its message).
    public var entityIds: [String] = []
    /// The run's last records that name one of `entityIds` and are not in the tail, oldest first:
    /// what happened to the entity, which the tail (often the healing phase) does not show.
    public var aboutEntity: [String] = []
    /// Seeds that passed before this one.
    public var seedsPassed: Int
    /// The shell line that re-runs this seed only.
    public var reproduce: String
    /// Set when re-running the seed with the trace on did not fail the same way: the test's body
    /// depends on something outside the seed (a clock, a global, a Dictionary's order).
    public var nondeterminism: String?

    public var description: String {
        var lines = ["simulation failed at seed \(seed) (0x\(String(seed, radix: 16))) after \(seedsPassed) passing seeds",
                     "  invariant \(invariant): \(message)"]
        if let nondeterminism { lines.append("  NOT DETERMINISTIC: \(nondeterminism)") }
        if !aboutEntity.isEmpty {
            lines.append("  trace records naming \(entityIds.joined(separator: ", ")) (last \(aboutEntity.count) before the tail):")
            lines += aboutEntity.map { "    \($0)" }
        }
        if !traceTail.isEmpty {
            lines.append("  last \(traceTail.count) trace records:")
            lines += traceTail.map { "    \($0)" }
        }
        lines.append("  reproduce: \(reproduce)")
        return lines.joined(separator: "\n")
    }

    /// `SIMRUN_SEED=17 swift test --filter uploadSurvivesKills`: the test's base name (its
    /// argument labels dropped) is a filter both XCTest and Swift Testing accept.
    static func reproduceLine(seed: UInt64, test: String) -> String {
        let base = test.split(separator: "(").first.map(String.init) ?? test
        return "\(SeedSelection.seedVariable)=\(seed) swift test --filter \(base)"
    }

    /// Words of `texts` that look like ids (three characters or more, with a digit or a dash, not
    /// a bare number), sorted.
    static func idTokens(_ texts: [String]) -> [String] {
        let words = texts.flatMap { $0.split(whereSeparator: { " (),;:=".contains($0) }).map(String.init) }
        return Set(words.filter { word in
            word.count >= 3 && word.contains { $0.isNumber || $0 == "-" } && !word.allSatisfy(\.isNumber)
        }).sorted()
    }

    /// The invariant and message of an error a run threw.
    static func classify(_ error: any Error) -> (invariant: String, message: String) {
        switch error {
        case let failure as InvariantFailure: return (failure.invariant, failure.message)
        case let failure as SimulationError: return ("harness", "\(failure)")
        default: return ("error", "\(type(of: error)): \(error)")
        }
    }
}
