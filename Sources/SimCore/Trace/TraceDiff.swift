/// Where two traces of what should be the same run first differ (madsim's determinism check:
/// point at the first divergence, not just "hashes differ").
public struct TraceDivergence: Sendable, Equatable {
    /// Index of the first differing record.
    public var index: Int
    /// The left trace's record there (nil if it ended).
    public var left: TraceRecord?
    /// The right trace's record there (nil if it ended).
    public var right: TraceRecord?

    /// The first divergence between two record lists, or nil when they are identical.
    public static func first(_ left: [TraceRecord], _ right: [TraceRecord]) -> TraceDivergence? {
        let common = min(left.count, right.count)
        for index in 0..<common where left[index] != right[index] {
            return TraceDivergence(index: index, left: left[index], right: right[index])
        }
        if left.count == right.count { return nil }
        return TraceDivergence(
            index: common, left: common < left.count ? left[common] : nil,
            right: common < right.count ? right[common] : nil)
    }
}
