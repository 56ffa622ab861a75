import SimValues

/// Name-based UUIDs for rows that have no local id (splits and payers, seed l.600 and l.631): the
/// fixed variant derives the id from the parent id and the row's natural key, so every run, retry
/// and device sends the same primary key and an upsert really is idempotent.
///
/// RFC 9562 version 8 ("custom") UUIDs from two FNV-1a-64 passes with different offsets, finalised
/// by SplitMix64 so nearby names spread over all bits. Not cryptographic: ids only need to be stable
/// and collision-free at app scale.
public enum DeterministicID {
    /// The UUID for these name parts (joined with a unit separator so "a|b" ≠ "a","b").
    public static func uuid(_ parts: [String]) -> String {
        var (high, low) = fnv1a(parts, offsets: (0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4))
        high = finalize(high)
        low = finalize(low ^ high)
        high = (high & ~0xF000) | 0x8000  // version 8 in bits 48-51
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // RFC variant
        return UUIDText.format(high: high, low: low)
    }

    /// FNV-1a-64 of the parts' UTF-8 joined by 0x1F (the bytes of `parts.joined(separator: "\u{1F}")`),
    /// from two offsets in one pass over the bytes.
    private static func fnv1a(_ parts: [String], offsets: (UInt64, UInt64)) -> (UInt64, UInt64) {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var (a, b) = offsets
        for (index, part) in parts.enumerated() {
            if index > 0 {
                a = (a ^ 0x1F) &* prime
                b = (b ^ 0x1F) &* prime
            }
            for byte in part.utf8 {
                a = (a ^ UInt64(byte)) &* prime
                b = (b ^ UInt64(byte)) &* prime
            }
        }
        return (a, b)
    }

    private static func finalize(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
