import Foundation

/// Which seeds a simulated test runs: the range written in the test, unless the environment says
/// otherwise. `SIMRUN_SEED=17` runs that one seed (what a failure's reproduce line sets);
/// `SIMRUN_SEEDS=1-100000` (or `1...100000`) replaces the range, so CI widens a campaign without a
/// code change. Seeds are decimal or `0x…` hexadecimal; anything else is an error naming the
/// variable, never a silently empty run.
public enum SeedSelection {
    /// The environment variable that picks one seed.
    public static let seedVariable = "SIMRUN_SEED"
    /// The environment variable that replaces the seed range.
    public static let rangeVariable = "SIMRUN_SEEDS"

    /// A malformed `SIMRUN_SEED` / `SIMRUN_SEEDS`.
    public struct EnvironmentError: Error, Sendable, CustomStringConvertible {
        public let variable: String
        public let value: String
        public var description: String {
            "\(variable)='\(value)' is not a seed\(variable == SeedSelection.rangeVariable ? " range (write A-B, e.g. 1-100000)" : " (write 42 or 0x2a)")"
        }
    }

    /// The seeds to run instead of `written`, read from `environment`.
    public static func resolve(_ written: ClosedRange<UInt64>,
                               environment: [String: String] = ProcessInfo.processInfo.environment  // allowed: read by the test, outside any simulation
    ) throws -> ClosedRange<UInt64> {
        if let text = environment[seedVariable] {
            guard let seed = parseSeed(text) else { throw EnvironmentError(variable: seedVariable, value: text) }
            return seed...seed
        }
        if let text = environment[rangeVariable] {
            guard let range = parseRange(text) else { throw EnvironmentError(variable: rangeVariable, value: text) }
            return range
        }
        return written
    }

    /// `A-B`, `A...B` or a single seed `A`; nil when malformed or when A > B.
    public static func parseRange(_ text: String) -> ClosedRange<UInt64>? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let separator = trimmed.contains("...") ? "..." : "-"
        let parts = trimmed.components(separatedBy: separator)
        if parts.count == 1, let seed = parseSeed(parts[0]) { return seed...seed }
        guard parts.count == 2, let low = parseSeed(parts[0]), let high = parseSeed(parts[1]), low <= high else { return nil }
        return low...high
    }

    /// A decimal or `0x…` seed.
    public static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }
}

/// The seeds of a parameterised test (`@Test(arguments: simulationSeeds(1...200))`), after
/// `SIMRUN_SEED` / `SIMRUN_SEEDS`. A malformed variable stops the test process with a message
/// naming it (a test's argument list cannot report an error any other way).
public func simulationSeeds(_ written: ClosedRange<UInt64>) -> [UInt64] {
    do {
        let range = try SeedSelection.resolve(written)
        precondition(range.upperBound - range.lowerBound < 10_000_000, "a parameterised test over more than 10,000,000 seeds: use simulate(seeds:) instead")
        return Array(range)
    } catch {
        fatalError("simrun: \(error)")
    }
}
