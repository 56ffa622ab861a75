/// What the store file holds, as SQLite in WAL mode keeps it: the database as of its last
/// checkpoint plus the commits appended to the write-ahead log since. A save appends one frame
/// (`StoreCommit`), so it costs what it changed, not the size of the store; reading the file
/// replays the log over the checkpoint.
///
/// A checkpoint folds the log into a new base once the log carries more rows than the base holds
/// (SQLite checkpoints at a fixed log size, 1,000 pages by default; ours grows with the store so
/// that folding, O(store), stays O(1) per changed row over a run). It changes nothing a reader
/// sees: the file's bytes are always `snapshot().encoded()`.
///
/// A value: a journal saved in a file never changes (frames are shared, immutable, newest first),
/// so a file keeps exactly what its save wrote however the container goes on.
public struct StoreJournal: Sendable {
    /// The database at the last checkpoint.
    let base: StoreSnapshot
    /// The newest frame of the log (nil: an empty log, just checkpointed).
    private let newest: Frame?
    /// Rows carried by the log's frames.
    let loggedRows: Int

    private final class Frame: Sendable {
        let commit: StoreCommit
        let previous: Frame?
        init(_ commit: StoreCommit, previous: Frame?) {
            self.commit = commit
            self.previous = previous
        }
    }

    /// A file just checkpointed: `snapshot` and an empty log.
    init(checkpoint snapshot: StoreSnapshot) {
        base = snapshot
        newest = nil
        loggedRows = 0
    }

    private init(base: StoreSnapshot, newest: Frame?, loggedRows: Int) {
        self.base = base
        self.newest = newest
        self.loggedRows = loggedRows
    }

    /// Whether appending `commit` would make the log carry more rows than the base (then the
    /// writer checkpoints instead).
    func needsCheckpoint(appending commit: StoreCommit) -> Bool {
        loggedRows + commit.size > max(Self.minimumLogRows, base.rows.count)
    }

    /// The log never checkpoints below this many rows (a small store would fold on every save).
    static let minimumLogRows = 64

    /// This journal with `commit` appended: O(1), the frames are shared.
    func appending(_ commit: StoreCommit) -> StoreJournal {
        StoreJournal(base: base, newest: Frame(commit, previous: newest), loggedRows: loggedRows + commit.size)
    }

    /// The store's metadata after the last commit (a header read: no rows are replayed).
    var metadata: StoreMetadata { newest?.commit.metadata ?? base.metadata }

    /// Frames in the log, oldest first.
    var commits: [StoreCommit] {
        var frames: [StoreCommit] = []
        var frame = newest
        while let current = frame {
            frames.append(current.commit)
            frame = current.previous
        }
        return frames.reversed()
    }

    /// The store the file holds: the base with every logged commit applied in order.
    func snapshot() -> StoreSnapshot {
        var store = base
        for commit in commits { commit.apply(to: &store) }
        return store
    }
}
