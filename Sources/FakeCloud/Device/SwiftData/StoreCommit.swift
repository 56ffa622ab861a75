/// One committed save as a write-ahead log frame holds it (SQLite's WAL appends the pages a
/// transaction changed, never the whole database): the rows the save wrote, the rows it removed,
/// and the store's metadata after it. Applying the commits of a store in order to its last
/// checkpoint gives the store.
struct StoreCommit: Sendable {
    /// Every row the save inserted or changed, in identifier order.
    var written: [ModelRow]
    /// Every row the save deleted (cascades included), in identifier order.
    var removed: [PersistentIdentifier]
    /// The metadata after the save (the row counter moves with every insert).
    var metadata: StoreMetadata

    /// Rows the frame carries: what a checkpoint policy weighs.
    var size: Int { written.count + removed.count }

    /// Applies the save to `snapshot` in place: O(rows changed) when `snapshot` is not shared.
    func apply(to snapshot: inout StoreSnapshot) {
        for id in removed { snapshot.rows[id] = nil }
        for row in written { snapshot.rows[row.id] = row }
        snapshot.metadata = metadata
    }
}
