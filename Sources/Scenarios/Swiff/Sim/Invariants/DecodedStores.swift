import AppleStandIns

/// Store files decoded once for all the checks of a run: several checkers read the same backup
/// (the index's soundness, the pre-upgrade backup, a refused restore's backup, the store a restore
/// replaced), and decoding a store is most of what a check costs. Keyed by the bytes themselves, so
/// a hit is exactly what decoding would give. Used by the checks alone, one after another, on the
/// simulation's thread (`@unchecked Sendable`).
final class DecodedStores: @unchecked Sendable {
    private var decoded: [[UInt8]: StoreSnapshot?] = [:]

    /// `StoreSnapshot.decode(bytes)`, decoded the first time these bytes are asked for.
    func snapshot(_ bytes: [UInt8]) -> StoreSnapshot? {
        if let known = decoded[bytes] { return known }
        let snapshot = StoreSnapshot.decode(bytes)
        decoded[bytes] = .some(snapshot)
        return snapshot
    }
}
