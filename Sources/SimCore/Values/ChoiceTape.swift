/// The choice sequence under one run's random streams: what the streams read (a given sequence)
/// and what they drew (the run's own sequence, `made`).
///
/// Give a tape to a root `SimRandom` (`Simulator` takes it from `SimulatorOptions.choices`) and
/// every stream forked from it draws through the tape: a draw takes the next given choice of its
/// stream, fitted to the draw's bound; past the end of the given choices it takes the PRNG's value
/// (`.generate`) or the simplest value, 0 (`.simplest`). Either way the choice is appended to
/// `made`. An empty tape that generates is the seed's own run (same draws, same trace hash) with
/// its sequence recorded; `made` replayed with `.simplest` is that run again, exactly.
///
/// Full 64-bit draws (ids, tokens) have no simpler value, and must never repeat within a run: a
/// reduced sequence whose edits shifted one id's value onto another draw would otherwise make two
/// notes share a change id, a different bug from the one being shrunk. So a full-range draw that
/// would repeat a value the run already drew takes a fresh one instead (`freshWide`); a recorded
/// run never repeats one, so it replays exactly.
///
/// ```swift
/// let recording = ChoiceTape(pastEnd: .generate)
/// var random = SimRandom(seed: 7, tape: recording)
/// let first = random.below(10)
/// let replay = ChoiceTape(given: recording.made, pastEnd: .simplest)
/// var again = SimRandom(seed: 7, tape: replay)
/// assert(again.below(10) == first && again.below(10) == 0)  // the second draw is past the end
/// ```
///
/// Touched only by the thread that runs the simulation (a run's streams never leave it), hence
/// `@unchecked Sendable`.
public final class ChoiceTape: @unchecked Sendable {
    /// What a draw past the end of its stream's given choices takes.
    public enum PastEnd: Sendable {
        /// The stream's PRNG (recording a seed's run; filling a mutated prefix).
        case generate
        /// The simplest value, 0 (replaying a reduced sequence).
        case simplest
    }

    /// What a draw past the end takes.
    public let pastEnd: PastEnd
    private let given: [UInt64: [UInt64]]
    /// Streams by seed (looked up when a stream is created or forked, never iterated unsorted).
    private var streams: [UInt64: ChoiceStream] = [:]
    /// Every full 64-bit value drawn so far (membership only).
    private var wide: Set<UInt64> = []

    /// A tape reading `given` (nothing: every draw is past the end).
    public init(given: ChoiceSequence = ChoiceSequence(), pastEnd: PastEnd) {
        var values: [UInt64: [UInt64]] = [:]
        for stream in given.streams { values[stream.seed] = stream.choices.map(\.value) }
        self.given = values
        self.pastEnd = pastEnd
    }

    /// The list of the stream with this seed (one per seed: copies of a stream share it).
    func stream(seed: UInt64) -> ChoiceStream {
        if let found = streams[seed] { return found }
        let created = ChoiceStream(tape: self, given: given[seed] ?? [], generates: pastEnd == .generate)
        streams[seed] = created
        return created
    }

    /// A full 64-bit draw's value: `value` unless the run already drew it, else one made from the
    /// stream's seed and the draw's position that the run has not drawn. A generating tape keeps
    /// the PRNG's value (`keep`), so a recording is the seed's own run.
    func freshWide(_ value: UInt64, seed: UInt64, position: Int, keep: Bool) -> UInt64 {
        var chosen = value
        if !keep {
            var state = seed ^ (UInt64(position) &+ 1) &* 0x9E37_79B9_7F4A_7C15
            while wide.contains(chosen) { chosen = SimRandom.splitMix64(&state) }
        }
        wide.insert(chosen)
        return chosen
    }

    /// Every choice the run drew, stream by stream in seed order.
    public var made: ChoiceSequence {
        ChoiceSequence(streams.keys.sorted().map { ChoiceSequence.Stream(seed: $0, choices: streams[$0]!.made) })
    }

    /// Choices drawn so far (all streams).
    public var madeCount: Int { streams.values.reduce(0) { $0 + $1.made.count } }
}
