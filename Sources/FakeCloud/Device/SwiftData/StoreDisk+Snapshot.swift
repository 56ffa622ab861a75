/// The store file as a journal (`StoreJournal`): saved with deferred bytes (the journal kept for the
/// next open), read back as the kept journal while the file still holds that save, else decoded
/// into a checkpointed one.
extension StoreDisk {
    /// Writes `journal` as the store file (atomically; a storage fault throws and leaves the old
    /// file). O(1): the bytes, `journal.snapshot().encoded()`, are made when the file is first read.
    func save(_ journal: StoreJournal, at path: String) throws {
        try writeAtomically(path, value: journal, deferring: { journal.snapshot().encoded() })
    }

    /// Writes `snapshot` as the store file, checkpointed (a migration step rewrites every row).
    func save(_ snapshot: StoreSnapshot, at path: String) throws {
        try save(StoreJournal(checkpoint: snapshot), at: path)
    }

    /// The store file's journal: the one its last save kept while the file still holds that save
    /// (what decoding its bytes gives, checked in debug builds: tests run every open through that
    /// check), else its decoded bytes as a checkpoint; nil when there is no file.
    func storedJournal(at path: String) throws -> StoreJournal? {
        if let kept = readValue(path) as? StoreJournal {
            assert(StoreSnapshot.decode(kept.snapshot().encoded()) == kept.snapshot(), "the kept store reads back as itself")
            return kept
        }
        guard let bytes = read(path) else { return nil }
        guard let stored = StoreSnapshot.decode(bytes) else { throw ModelStoreError.storeCorrupted(path: path) }
        return StoreJournal(checkpoint: stored)
    }

    /// The store file's metadata without its rows, as `NSPersistentStoreCoordinator
    /// .metadataForPersistentStore(ofType:at:)` reads it from the store's header: the kept
    /// journal's while the file holds its save, else decoded from the bytes; nil when there is no
    /// file or it is not a store.
    public func storeMetadata(at path: String) -> StoreMetadata? {
        if let kept = readValue(path) as? StoreJournal { return kept.metadata }
        guard let bytes = read(path) else { return nil }
        return StoreSnapshot.metadata(of: bytes)
    }

    /// The store file's snapshot (nil when there is no file).
    func storedSnapshot(at path: String) throws -> StoreSnapshot? { try storedJournal(at: path)?.snapshot() }
}
