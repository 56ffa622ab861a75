/// A run's choice sequence: every random decision it made, one list per random stream (by the
/// stream's seed), streams in ascending seed order.
///
/// One list per stream, not one interleaved list, for the reason the streams are separate at all:
/// a shrinker editing the dataset's choices does not shift the scheduler's. All draws of streams
/// with the same seed (copies of one stream) share one list, in the order the run made them.
public struct ChoiceSequence: Sendable, Hashable {
    /// One stream's choices.
    public struct Stream: Sendable, Hashable {
        /// The stream's seed (`SimRandom.seed`).
        public var seed: UInt64
        /// Its choices, in the order the run drew them.
        public var choices: [Choice]

        public init(seed: UInt64, choices: [Choice]) {
            self.seed = seed
            self.choices = choices
        }
    }

    /// The streams, in ascending seed order, each with at least one choice.
    public private(set) var streams: [Stream]

    /// A sequence of these streams (sorted by seed; empty streams dropped; one list per seed).
    public init(_ streams: [Stream] = []) {
        let kept = streams.filter { !$0.choices.isEmpty }.sorted { $0.seed < $1.seed }
        for index in kept.indices.dropFirst() {
            precondition(kept[index - 1].seed != kept[index].seed, "one list per stream seed")
        }
        self.streams = kept
    }

    /// Every choice of every stream.
    public var count: Int { streams.reduce(0) { $0 + $1.choices.count } }

    /// The choices of the stream with this seed (empty when it made none).
    public func choices(seed: UInt64) -> [Choice] {
        streams.first { $0.seed == seed }?.choices ?? []
    }

    /// Shortlex order (Hypothesis's sort key): fewer choices, then the smaller values read stream by
    /// stream. A shrinker only moves to a simpler sequence, so it cannot cycle.
    public func isSimpler(than other: ChoiceSequence) -> Bool {
        if count != other.count { return count < other.count }
        let mine = streams.flatMap { $0.choices.map(\.value) }
        let theirs = other.streams.flatMap { $0.choices.map(\.value) }
        return mine.lexicographicallyPrecedes(theirs)
    }
}
