#if canImport(Testing)
import SimCore
import Testing

/// Swift Testing's form: runs the seeds like `simulate(seeds:)` and, at the first failing seed,
/// records an issue (`Issue.record`) at the caller's line with the failure's text, instead of
/// throwing. The test goes on after it, so a test can check several things.
public func expectSimulation(seeds: ClosedRange<UInt64>, options: SimulatorOptions = SimulatorOptions(),
                             test: String = #function, sourceLocation: SourceLocation = #_sourceLocation,
                             _ body: (Simulator) throws -> Void) {
    do {
        try simulate(seeds: seeds, options: options, test: test, body)
    } catch {
        Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
    }
}

/// The async form of `expectSimulation`: `body` runs inside the simulation.
public func expectSimulation(seeds: ClosedRange<UInt64>, options: SimulatorOptions = SimulatorOptions(),
                             test: String = #function, sourceLocation: SourceLocation = #_sourceLocation,
                             _ body: @escaping @Sendable (Simulator) async throws -> Void) {
    do {
        try simulate(seeds: seeds, options: options, test: test, body)
    } catch {
        Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
    }
}
#endif
