/// How seeds, durations and sizes are shown.
enum SeedText {
    /// `42 (0x2a)`.
    static func both(_ seed: UInt64) -> String { "\(seed) (0x\(String(seed, radix: 16)))" }

    /// Virtual nanoseconds as seconds with millisecond precision (integer arithmetic, no float).
    static func seconds(nanoseconds: Int64) -> String {
        let millis = nanoseconds / 1_000_000
        let fraction = String(millis % 1000)
        return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
    }
}
