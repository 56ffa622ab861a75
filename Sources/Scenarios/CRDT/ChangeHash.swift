/// The identity of a change: a 128-bit hash of its canonical encoding.
///
/// Automerge uses SHA-256 of the change's bytes; SimCore has no SHA, so this is FNV-1a with the
/// 128-bit parameters (`Fnv128`): the same in every process and toolchain, and long enough that
/// a collision among the few thousand changes of a simulated document is not a concern.
public struct ChangeHash: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The high 64 bits.
    public let high: UInt64
    /// The low 64 bits.
    public let low: UInt64

    /// Creates a hash from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The hash of `bytes`.
    public init(of bytes: [UInt8]) {
        var hasher = Fnv128()
        hasher.combine(bytes)
        self = hasher.hash
    }

    public static func < (lhs: ChangeHash, rhs: ChangeHash) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    /// 32 lower-case hex digits.
    public var description: String { Fnv128.hex(high) + Fnv128.hex(low) }
}

/// FNV-1a with the 128-bit offset basis and prime (Fowler, Noll, Vo; draft-eastlake-fnv).
struct Fnv128 {
    // prime = 2^88 + 2^8 + 0x3b: high word 2^24, low word 0x13b.
    private static let primeLow: UInt64 = 0x13b
    private var high: UInt64 = 0x6c62_272e_07bb_0142
    private var low: UInt64 = 0x62b8_2175_6295_c58d

    /// Mixes bytes in, FNV-1a style (xor, then multiply modulo 2^128).
    mutating func combine<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        var high = self.high, low = self.low
        for byte in bytes {
            low ^= UInt64(byte)
            let product = low.multipliedFullWidth(by: Fnv128.primeLow)
            high = product.high &+ (high &* Fnv128.primeLow) &+ (low << 24)
            low = product.low
        }
        self.high = high
        self.low = low
    }

    var hash: ChangeHash { ChangeHash(high: high, low: low) }

    static func hex(_ word: UInt64) -> String {
        let text = String(word, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
