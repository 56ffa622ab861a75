/// FNV-1a, 64-bit: a hash that is the same in every process and on every toolchain.
///
/// `Hasher` is seeded per process, so nothing that reaches a seed, a choice or a trace may use it.
/// FNV-1a is a byte stream hash: hashing `a` and then `b` from `a`'s hash equals hashing `a + b`,
/// which lets the trace hash text piece by piece without building it.
public enum StableHash {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// Hashes the UTF-8 bytes of `text`.
    @inlinable
    public static func fnv1a(_ text: String, seed: UInt64 = offsetBasis) -> UInt64 {
        // Native strings hand out their bytes contiguously: no per-byte index bookkeeping.
        if let hash = text.utf8.withContiguousStorageIfAvailable({ fnv1a(bytes: $0, seed: seed) }) { return hash }
        var hash = seed
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }

    /// Hashes raw bytes.
    @inlinable
    public static func fnv1a(bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = offsetBasis) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }

    /// Hashes one byte.
    @inline(__always)
    public static func fnv1a(byte: UInt8, seed: UInt64) -> UInt64 {
        (seed ^ UInt64(byte)) &* prime
    }

    /// Hashes the decimal text of `value` (what `String(value)` holds), without building it.
    @inlinable
    public static func fnv1a(decimal value: Int64, seed: UInt64) -> UInt64 {
        if value >= 0 { return fnv1a(decimal: UInt64(value), seed: seed) }
        return fnv1a(decimal: value.magnitude, seed: fnv1a(byte: UInt8(ascii: "-"), seed: seed))
    }

    /// Hashes the decimal text of `value` (what `String(value)` holds), without building it.
    @inlinable
    public static func fnv1a(decimal value: UInt64, seed: UInt64) -> UInt64 {
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor &*= 10 }
        var hash = seed
        var rest = value
        while true {
            let digit = rest / divisor
            hash = (hash ^ (UInt64(UInt8(ascii: "0")) &+ digit)) &* prime
            rest -= digit &* divisor
            if divisor == 1 { return hash }
            divisor /= 10
        }
    }

    /// Mixes one 64-bit word into `hash`, byte by byte (little-endian), FNV-1a style.
    @inline(__always)
    public static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        var hash = hash
        var word = word
        for _ in 0..<8 {
            hash = (hash ^ (word & 0xff)) &* prime
            word >>= 8
        }
        return hash
    }
}
