import XCTest
@testable import SimCore

/// The choice sequence under `SimRandom`: recording changes nothing, a recorded sequence replays,
/// a draw past the end takes the simplest value, and values fit their draw's bound.
final class ChoiceTapeTests: XCTestCase {
    /// One of every kind of draw, from a stream and one of its forks; returns what was drawn.
    static func drawEverything(_ random: inout SimRandom) -> [UInt64] {
        var out: [UInt64] = []
        var child = random.fork("child")
        for round in 0..<50 {
            out.append(random.below(UInt64(7 + round)))
            out.append(UInt64(bitPattern: random.int(in: -5...Int64(round))))
            out.append(random.chance(ppm: 300_000) ? 1 : 0)
            out.append(random.chance(2, in: 7) ? 1 : 0)
            out.append(UInt64(random.pick([10, 20, 30])!))
            out.append(UInt64(random.weightedIndex([0, 3, 1])!))
            var items = Array(0..<6)
            random.shuffle(&items)
            out += items.map(UInt64.init)
            out.append(random.next())
            out.append(child.below(1_000))
            out += Array(child.uuidString().utf8).map(UInt64.init)
        }
        return out
    }

    func testAnEmptyGeneratingTapeDrawsWhatThePRNGDraws() {
        var plain = SimRandom(seed: 99)
        let tape = ChoiceTape(pastEnd: .generate)
        var taped = SimRandom(seed: 99, tape: tape)
        XCTAssertEqual(Self.drawEverything(&plain), Self.drawEverything(&taped))
        XCTAssertGreaterThan(tape.made.count, 500)
        XCTAssertEqual(tape.made.streams.count, 2, "the stream and its fork, one list each")
    }

    func testARecordedSequenceReplaysTheSameDraws() {
        let recording = ChoiceTape(pastEnd: .generate)
        var first = SimRandom(seed: 5, tape: recording)
        let drawn = Self.drawEverything(&first)
        let replay = ChoiceTape(given: recording.made, pastEnd: .simplest)
        var again = SimRandom(seed: 5, tape: replay)
        XCTAssertEqual(Self.drawEverything(&again), drawn)
        XCTAssertEqual(replay.made, recording.made)
    }

    func testDrawsPastTheEndTakeTheSimplestValue() {
        var random = SimRandom(seed: 3, tape: ChoiceTape(pastEnd: .simplest))
        XCTAssertEqual(random.below(10), 0)
        XCTAssertEqual(random.int(in: 4...9), 4, "the lower bound")
        XCTAssertFalse(random.chance(ppm: 999_999), "choice 0 of a chance is no")
        XCTAssertFalse(random.chance(9, in: 10))
        XCTAssertEqual(random.pick(["a", "b"]), "a")
        XCTAssertEqual(random.weightedIndex([0, 2, 5]), 1)
        var items = Array(0..<8)
        random.shuffle(&items)
        XCTAssertEqual(items, Array(0..<8), "choice 0 of a shuffle step leaves the order")
        XCTAssertNotEqual(random.next(), 0, "a full 64-bit draw (an id) has no simplest value: the PRNG fills it")
    }

    /// Ids past the end of a replayed list are fresh: never one the list gave, never one another
    /// copy of the stream draws (a shrunk run whose ids all came out equal lost notes to a
    /// change-id collision, a different bug from the one it was shrinking).
    func testIdsPastTheEndOfAReplayedListNeverRepeat() {
        let recording = ChoiceTape(pastEnd: .generate)
        var original = SimRandom(seed: 9, tape: recording)
        let firstIds = (0..<2).map { _ in original.uuidString() }
        let replay = ChoiceTape(given: recording.made, pastEnd: .simplest)
        var one = SimRandom(seed: 9, tape: replay)
        var copy = one
        var ids = [one.uuidString(), copy.uuidString()]
        XCTAssertEqual(ids, firstIds, "the given list first, in draw order across copies")
        ids += [one.uuidString(), copy.uuidString(), one.uuidString()]
        XCTAssertEqual(Set(ids).count, ids.count, "\(ids)")
    }

    func testAGivenValueOutOfRangeFitsTheDrawsBound() {
        let given = ChoiceSequence([.init(seed: 1, choices: [Choice(value: 40, bound: 50), Choice(value: 3, bound: 50)])])
        let tape = ChoiceTape(given: given, pastEnd: .simplest)
        var random = SimRandom(seed: 1, tape: tape)
        XCTAssertEqual(random.below(10), 9, "40 fitted below 10")
        XCTAssertEqual(random.below(10), 3)
        XCTAssertEqual(tape.made.choices(seed: 1), [Choice(value: 9, bound: 10), Choice(value: 3, bound: 10)])
    }

    func testCopiesOfAStreamShareOneListInDrawOrder() {
        let recording = ChoiceTape(pastEnd: .generate)
        let original = SimRandom(seed: 8, tape: recording)
        var a = original, b = original
        let drawn = [a.below(100), b.below(100), a.below(100)]
        var plainA = SimRandom(seed: 8), plainB = SimRandom(seed: 8)
        XCTAssertEqual(drawn, [plainA.below(100), plainB.below(100), plainA.below(100)], "copies draw as without a tape")
        let replay = ChoiceTape(given: recording.made, pastEnd: .simplest)
        let again = SimRandom(seed: 8, tape: replay)
        var c = again, d = again
        XCTAssertEqual([c.below(100), d.below(100), c.below(100)], drawn)
    }

    func testSimplerIsFewerChoicesThenSmallerValues() {
        let long = ChoiceSequence([.init(seed: 1, choices: [Choice(value: 0, bound: 5), Choice(value: 0, bound: 5)])])
        let short = ChoiceSequence([.init(seed: 1, choices: [Choice(value: 4, bound: 5)])])
        let smaller = ChoiceSequence([.init(seed: 1, choices: [Choice(value: 2, bound: 5)])])
        XCTAssertTrue(short.isSimpler(than: long))
        XCTAssertTrue(smaller.isSimpler(than: short))
        XCTAssertFalse(short.isSimpler(than: short))
    }

    /// A simulation whose scheduler, latencies and devices draw through a tape: recording it is
    /// the same run as without one, and the recorded sequence replays it, same trace hash.
    func testASimulationRecordedOnATapeReplaysWithTheSameTraceHash() throws {
        func run(_ tape: ChoiceTape?) throws -> UInt64 {
            var options = SimulatorOptions()
            options.choices = tape
            let sim = Simulator(seed: 77, options: options)
            try sim.run { sim in
                await withTaskGroup(of: Void.self) { group in
                    for index in 0..<4 {
                        group.addTask {
                            for step in 0..<20 {
                                await Task.yield()
                                sim.record("worker-\(index)", "step \(step)")
                            }
                        }
                    }
                }
            }
            return sim.trace.hash
        }
        let plain = try run(nil)
        let recording = ChoiceTape(pastEnd: .generate)
        XCTAssertEqual(try run(recording), plain)
        XCTAssertGreaterThan(recording.madeCount, 0, "the scheduler drew through the tape")
        XCTAssertEqual(try run(ChoiceTape(given: recording.made, pastEnd: .simplest)), plain)
        XCTAssertNotEqual(try run(ChoiceTape(pastEnd: .simplest)), plain, "all-simplest scheduling is another interleaving")
    }
}
