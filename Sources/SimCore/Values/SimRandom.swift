/// The project's own seeded PRNG: xoshiro256** seeded through SplitMix64.
///
/// Owned here (not the standard library's `random(in:using:)`, whose algorithm may change between
/// Swift versions) so a seed means the same thing on every toolchain. The API is integer-only:
/// probabilities are parts-per-million or ratios, never floating point.
///
/// Every draw is one *choice* with its bound. Without a `ChoiceTape` (the default) choices come
/// from the PRNG alone; with one, each draw reads its stream's recorded choice and writes the
/// choice it made (see `ChoiceTape`), so a run can be recorded, replayed and shrunk by editing
/// its choices. A tape never changes which value the PRNG gives: an empty generating tape is the
/// same run. Choices count from the simplest outcome (`Choice`): 0 is the lower bound, the first
/// element, "no" for a chance and "stay" for a shuffle step.
public struct SimRandom: Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// The seed this stream was created from (after any `fork` derivation).
    public let seed: UInt64
    /// This stream's list on the run's choice tape; nil: the PRNG alone.
    private let choices: ChoiceStream?

    /// Creates a stream from a 64-bit seed, expanded by SplitMix64 (never an all-zero state).
    public init(seed: UInt64) {
        self.init(seed: seed, tape: nil)
    }

    /// Creates a stream from a 64-bit seed whose draws go through `tape` (nil: the PRNG alone), as
    /// will every stream forked from it.
    public init(seed: UInt64, tape: ChoiceTape?) {
        self.seed = seed
        choices = tape?.stream(seed: seed)
        var sm = seed
        s0 = SimRandom.splitMix64(&sm)
        s1 = SimRandom.splitMix64(&sm)
        s2 = SimRandom.splitMix64(&sm)
        s3 = SimRandom.splitMix64(&sm)
        if s0 | s1 | s2 | s3 == 0 { s0 = 0x9e37_79b9_7f4a_7c15 }  // unreachable with SplitMix64, kept as a guard
    }

    /// SplitMix64 step (Steele, Lea, Flood 2014), used to expand seeds.
    public static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// The next 64 random bits: one full-range choice.
    @inline(__always)
    public mutating func next() -> UInt64 {
        choose(0, reversed: false)
    }

    /// The tape this stream draws through, if any.
    public var tape: ChoiceTape? { choices?.tape }

    /// The next 64 bits of the PRNG itself (xoshiro256**, Blackman and Vigna).
    @inline(__always)
    private mutating func step() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    @inline(__always)
    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 &- k)) }

    /// A uniform integer in `0..<bound`, without modulo bias (Lemire's multiply-and-reject).
    public mutating func below(_ bound: UInt64) -> UInt64 {
        precondition(bound > 0, "below(0) has no values")
        return choose(bound, reversed: false)
    }

    /// One choice below `bound` (0: the full 64-bit range). `reversed`: the simplest outcome is
    /// the largest value (`bound - 1` is choice 0), for draws whose small values mean "more".
    @inline(__always)
    private mutating func choose(_ bound: UInt64, reversed: Bool) -> UInt64 {
        guard let choices else { return generate(bound) }
        return chooseOnTape(choices, bound, reversed: reversed)
    }

    /// A draw through the tape: the given choice, else the PRNG's or the simplest; recorded.
    @inline(never)
    private mutating func chooseOnTape(_ choices: ChoiceStream, _ bound: UInt64, reversed: Bool) -> UInt64 {
        let flip = reversed && bound != 0
        var choice: UInt64
        if let given = choices.nextGiven(below: bound) {
            choice = given
        } else if choices.generates || bound == 0 {
            let value = generate(bound)
            choice = flip ? bound - 1 - value : value
        } else {
            choice = 0
        }
        if bound == 0, let tape = choices.tape {
            // An id or a token: never one the run already drew (see `ChoiceTape`).
            choice = tape.freshWide(choice, seed: seed, position: choices.made.count, keep: choices.generates && choices.made.count >= choices.givenCount)
        }
        choices.record(choice, below: bound)
        return flip ? bound - 1 - choice : choice
    }

    /// The PRNG's value below `bound` (0: all 64 bits), Lemire's multiply-and-reject.
    @inline(__always)
    private mutating func generate(_ bound: UInt64) -> UInt64 {
        if bound == 0 { return step() }
        var product = step().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = step().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniform `Int` in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(0) has no values")
        return Int(below(UInt64(bound)))
    }

    /// A uniform integer in the closed range.
    public mutating func int(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        if span == 0 { return Int64(bitPattern: next()) }  // the full 64-bit range
        return range.lowerBound &+ Int64(bitPattern: below(span))
    }

    /// A uniform integer in the closed range.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int(int(in: Int64(range.lowerBound)...Int64(range.upperBound)))
    }

    /// True with probability `partsPerMillion / 1_000_000`; choice 0 is false.
    public mutating func chance(ppm partsPerMillion: Int) -> Bool {
        if partsPerMillion <= 0 { return false }
        if partsPerMillion >= 1_000_000 { return true }
        return choose(1_000_000, reversed: true) < UInt64(partsPerMillion)
    }

    /// True with probability `numerator / denominator`; choice 0 is false.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        precondition(denominator > 0, "a ratio needs a positive denominator")
        if numerator <= 0 { return false }
        if numerator >= denominator { return true }
        return Int(choose(UInt64(denominator), reversed: true)) < numerator
    }

    /// A uniformly chosen element; `nil` for an empty collection.
    public mutating func pick<C: RandomAccessCollection>(_ items: C) -> C.Element? {
        if items.isEmpty { return nil }
        return items[items.index(items.startIndex, offsetBy: below(items.count))]
    }

    /// An index chosen with probability proportional to its (non-negative integer) weight.
    public mutating func weightedIndex(_ weights: [Int]) -> Int? {
        let total = weights.reduce(0) { $0 + max(0, $1) }
        if total == 0 { return nil }
        var ticket = below(total)
        for (index, weight) in weights.enumerated() where weight > 0 {
            if ticket < weight { return index }
            ticket -= weight
        }
        preconditionFailure("weighted pick fell off the end")
    }

    /// Fisher–Yates shuffle in place; choices 0 leave the order as it was.
    public mutating func shuffle<T>(_ items: inout [T]) {
        if items.count < 2 { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            let j = Int(choose(UInt64(i + 1), reversed: true))
            if i != j { items.swapAt(i, j) }
        }
    }

    /// A new, independent stream derived from this stream's seed and a label.
    ///
    /// Derived from the *seed*, not the current state: how many numbers this stream has drawn does
    /// not change the child, so one component drawing more never reshuffles another. The child
    /// draws through this stream's tape, in a list of its own.
    public func fork(_ label: String) -> SimRandom {
        var mixed = StableHash.fnv1a(label, seed: StableHash.mix(StableHash.offsetBasis, seed))
        return SimRandom(seed: SimRandom.splitMix64(&mixed), tape: choices?.tape)
    }

    /// A random version-4-shaped UUID string (lowercase), drawn from this stream.
    public mutating func uuidString() -> String {
        let high = (next() & 0xffff_ffff_ffff_0fff) | 0x0000_0000_0000_4000
        let low = (next() & 0x3fff_ffff_ffff_ffff) | 0x8000_0000_0000_0000
        return UUIDText.format(high: high, low: low)
    }
}
