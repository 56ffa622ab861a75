/// One recorded random decision: the choice made and the bound it was drawn below.
///
/// `value` is the choice's *index from the simplest*: 0 is the simplest outcome of the draw (the
/// lower bound of a range, the first element of a pick, "no" for a chance, "leave in place" for a
/// shuffle step), so lowering a value simplifies the run. `bound` is the number of values the draw
/// had (`value < bound`), or 0 for a full 64-bit draw (ids, tokens), which has no simpler value.
public struct Choice: Sendable, Hashable {
    /// The choice, counted from the simplest outcome.
    public var value: UInt64
    /// How many values the draw had; 0 for the full 64-bit range.
    public var bound: UInt64

    /// A choice `value` of a draw below `bound` (0: the full 64-bit range).
    public init(value: UInt64, bound: UInt64) {
        precondition(bound == 0 || value < bound, "a choice is below its bound")
        self.value = value
        self.bound = bound
    }

    /// Whether the draw spans all 64 bits (an id or a token: no value is simpler than another).
    public var isFullRange: Bool { bound == 0 }

    /// `value` fitted to a draw below `bound`: the largest value the draw allows when it is out of
    /// range (an edited sequence read by a draw with a smaller bound than the one that made it).
    public static func fit(_ value: UInt64, below bound: UInt64) -> UInt64 {
        bound == 0 ? value : min(value, bound - 1)
    }
}
