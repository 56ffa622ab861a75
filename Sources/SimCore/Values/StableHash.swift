/// FNV-1a, 64-bit: a hash that is the same in every process and on every toolchain.
///
/// `Hasher` is seeded per process, so nothing that reaches a seed, a choice or a trace may use it.
public enum StableHash {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// Hashes the UTF-8 bytes of `text`.
    public static func fnv1a(_ text: String, seed: UInt64 = offsetBasis) -> UInt64 {
        var hash = seed
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
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
