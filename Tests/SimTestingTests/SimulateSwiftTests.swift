import SimCore
import SimTesting
import Testing

/// The helper from Swift Testing: a parameterised test over a seed range (its cases run in
/// parallel), the throwing form, and the form that reports through `Issue.record`.
@Suite struct SimulateSwiftTests {
    @Test(arguments: simulationSeeds(1...40))
    func keyedUploadPassesEachSeed(seed: UInt64) throws {
        try simulate(seed: seed) { sim in try LedgerUpload.check(sim, keyed: true) }
    }

    @Test(arguments: simulationSeeds(1...20))
    func asyncFormPassesEachSeed(seed: UInt64) async throws {
        try simulate(seed: seed) { sim in try await LedgerUpload.drive(sim, keyed: true) }
    }

    @Test func unkeyedUploadThrowsWithReproduceLine() throws {
        let failure = try #require(throws: SimulationFailure.self) {
            try simulate(seeds: 1...300) { sim in try LedgerUpload.check(sim, keyed: false) }
        }
        #expect(failure.invariant == "no-duplicate")
        #expect(failure.reproduce == "SIMRUN_SEED=\(failure.seed) swift test --filter unkeyedUploadThrowsWithReproduceLine")
        let single = try #require(throws: SimulationFailure.self) {
            try simulate(seed: failure.seed) { sim in try LedgerUpload.check(sim, keyed: false) }
        }
        #expect(single.message == failure.message)
    }

    @Test func expectSimulationRecordsAnIssueWithTheReport() {
        withKnownIssue {
            expectSimulation(seeds: 1...300) { sim in try LedgerUpload.check(sim, keyed: false) }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("invariant no-duplicate")
                && text.contains("reproduce: SIMRUN_SEED=")
                && text.contains("swift test --filter expectSimulationRecordsAnIssueWithTheReport")
                && text.contains("trace records:")
        }
    }

    @Test func expectSimulationRecordsNothingForAPassingFake() async {
        expectSimulation(seeds: 1...30) { sim in try await LedgerUpload.drive(sim, keyed: true) }
    }
}
