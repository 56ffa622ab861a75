/// The store file as a snapshot: saved with deferred bytes (the snapshot kept for the next open),
/// read back as the kept snapshot while the file still holds that save, else decoded.
extension StoreDisk {
    /// Writes `snapshot` as the store file (atomically; a storage fault throws and leaves the old file).
    func save(_ snapshot: StoreSnapshot, at path: String) throws {
        try writeAtomically(path, value: snapshot, deferring: { snapshot.encoded() })
    }

    /// The store file's snapshot: the one its last save kept while the file still holds that save
    /// (what decoding its bytes gives, checked in debug builds: tests run every open through that
    /// check), else its decoded bytes; nil when there is no file.
    func storedSnapshot(at path: String) throws -> StoreSnapshot? {
        if let kept = readValue(path) as? StoreSnapshot {
            assert(StoreSnapshot.decode(kept.encoded()) == kept, "the kept store reads back as itself")
            return kept
        }
        guard let bytes = read(path) else { return nil }
        guard let stored = StoreSnapshot.decode(bytes) else { throw ModelStoreError.storeCorrupted(path: path) }
        return stored
    }
}
