import Foundation
import SimCore
import SimHarness
@testable import SimrunCLI
import XCTest

/// `shrink` reduces the whole choice sequence: the passes reach a minimal sequence, a reduced
/// sequence still fails with the same signature and replays exactly, and replay files carry it.
final class ChoiceShrinkTests: XCTestCase {
    /// A fake run over one stream of choices below 100: it "fails" when some choice is at least 60
    /// and a later one at least 10; it draws every given choice (and at least 4).
    func testThePassesReachTheMinimalSequence() {
        let start = ChoiceSequence([
            .init(seed: 1, choices: [12, 0, 77, 5, 93, 41, 8, 66, 2, 30].map { Choice(value: $0, bound: 100) }),
            .init(seed: 2, choices: [3, 4, 5].map { Choice(value: $0, bound: 10) }),
        ])
        let run: (ChoiceSequence) -> ChoiceShrinker.Attempt? = { candidate in
            var values = candidate.choices(seed: 1).map(\.value)
            values += Array(repeating: 0, count: max(0, 4 - values.count))
            guard let big = values.firstIndex(where: { $0 >= 60 }), values[(big + 1)...].contains(where: { $0 >= 10 }) else { return nil }
            let drawn = ChoiceSequence([.init(seed: 1, choices: values.map { Choice(value: min($0, 99), bound: 100) })])
            return ChoiceShrinker.Attempt(choices: drawn, events: 100)
        }
        let result = ChoiceShrinker(start: start, events: 100, maxRuns: 2_000, attempt: run).shrink()
        XCTAssertFalse(result.hitBound)
        XCTAssertEqual(result.choices.streams.map(\.seed), [1], "the stream the failure does not read is emptied")
        XCTAssertEqual(result.choices.choices(seed: 1).map(\.value), [0, 0, 60, 10], "fewest choices, then smallest values")
    }

    /// Simpler choices that make a longer run are not kept: the point is a smaller run.
    func testAnEditThatLengthensTheRunIsNotKept() {
        let start = ChoiceSequence([.init(seed: 1, choices: [Choice(value: 5, bound: 10)])])
        let result = ChoiceShrinker(start: start, events: 100, maxRuns: 50) { candidate in
            let value = candidate.choices(seed: 1).first?.value ?? 0
            return ChoiceShrinker.Attempt(choices: ChoiceSequence([.init(seed: 1, choices: [Choice(value: value, bound: 10)])]),
                                          events: value >= 3 ? 100 : 500)
        }.shrink()
        XCTAssertEqual(result.choices.choices(seed: 1).map(\.value), [3], "2 and below run 500 events")
    }

    func testTheShrinkerStopsAtItsBound() {
        let start = ChoiceSequence([.init(seed: 1, choices: (0..<50).map { _ in Choice(value: 9, bound: 10) })])
        let result = ChoiceShrinker(start: start, events: 100, maxRuns: 7) { _ in nil }.shrink()  // no edit keeps the failure
        XCTAssertTrue(result.hitBound)
        XCTAssertEqual(result.runs, 7)
    }

    func testChoiceTextRoundTripsAndRejectsGarbage() {
        let choices = [0, 0, 0, 0, 5, 5, 7, UInt64.max].map { Choice(value: $0, bound: 0) }
        let text = ChoiceText.encode(choices)
        XCTAssertEqual(text, "0*4 5 5 7 18446744073709551615")
        XCTAssertEqual(ChoiceText.decode(text, limit: 100), choices.map(\.value))
        XCTAssertNil(ChoiceText.decode("1 two 3", limit: 100))
        XCTAssertNil(ChoiceText.decode("0*0", limit: 100))
        XCTAssertNil(ChoiceText.decode("1*2*3", limit: 100))
        XCTAssertNil(ChoiceText.decode("0*101", limit: 100), "past the limit")
        XCTAssertEqual(ChoiceText.decode("", limit: 100), [])
    }

    /// The self-test app's failing seed: the recorded sequence replays the seed's run, and a
    /// reduction of it keeps the signature, is simpler, and replays to the same trace hash.
    func testAReducedSequenceStillFailsTheSameWayAndReplaysExactly() throws {
        let target = try XCTUnwrap(SelfTestApp.definition.scenarios.first { $0.name == "upload" })
        let settings = RunSettings()
        let plain = settings.runner().run(target, variant: "no-idempotency-key", seed: 1)
        XCTAssertFalse(plain.outcome.passed)
        let recorded = settings.runner(choices: (given: ChoiceSequence(), pastEnd: .generate)).run(target, variant: "no-idempotency-key", seed: 1)
        XCTAssertEqual(recorded.traceHash, plain.traceHash, "recording changes nothing")
        let sequence = try XCTUnwrap(recorded.choices)
        XCTAssertGreaterThan(sequence.count, 0)
        let signature = FailureSignature(plain.outcome)
        let reduction = try ChoiceReduction(target: Target(scenario: target, variant: "no-idempotency-key"), seed: 1, settings: settings,
                                            signature: signature, maxRuns: 60, maxFaultRuns: 20).reduce(faults: plain.injectedFaults)
        XCTAssertTrue(reduction.choices.isSimpler(than: sequence))
        let replay = settings.runner(faults: .schedule(FaultSchedule(reduction.faults)), choices: (given: reduction.choices, pastEnd: .simplest))
        let first = replay.run(target, variant: "no-idempotency-key", seed: 1)
        XCTAssertTrue(signature.holds(for: first.outcome), "\(first.outcome.label)")
        let again = settings.runner(faults: .schedule(FaultSchedule(reduction.faults)), choices: (given: try XCTUnwrap(first.choices), pastEnd: .simplest))
            .run(target, variant: "no-idempotency-key", seed: 1)
        XCTAssertEqual(again.traceHash, first.traceHash, "the run's own sequence replays it exactly")
    }
}
