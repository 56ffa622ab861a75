/// Results an edge function chose to remember, each valid while the tables it read are unchanged.
///
/// A real edge function recomputes everything on every call; the fake may skip that only where
/// the answer cannot differ: the same function, the same caller (RLS decides what it sees) and none
/// of the tables its queries read, or that their row-level security policies can read, written
/// since (`TableStore.tableRevision`). A computation that writes is never remembered. So a
/// remembered value is exactly what a fresh computation would return: the speed-up never changes
/// a run. (Before, any write anywhere cleared everything, so a device syncing unrelated rows made
/// every `calculate-balance` call recompute from scratch: issue 19.)
final class TableReadMemo {
    private struct Entry {
        var value: Any
        var reads: [(table: String, revision: UInt64)]
    }

    /// What the computations now running read and whether they wrote (innermost last).
    private struct ReadSet {
        var tables: Set<String> = []
        var wrote = false
    }

    private var entries: [String: Entry] = [:]
    private var running: [ReadSet] = []

    /// Tells every running computation that it read `tables`.
    func noteRead(_ tables: some Sequence<String>) {
        for index in running.indices { running[index].tables.formUnion(tables) }
    }

    /// Tells every running computation that it wrote (its value will not be remembered).
    func noteWrite() {
        for index in running.indices { running[index].wrote = true }
    }

    /// The remembered value for `key` while every table it read still has the revision it had;
    /// otherwise `compute()`, remembered with the revisions of the tables it read.
    func value<T>(_ key: String, revision: (String) -> UInt64, _ compute: () throws -> T) throws -> T {
        if let entry = entries[key], let value = entry.value as? T,
           entry.reads.allSatisfy({ revision($0.table) == $0.revision }) {
            return value
        }
        running.append(ReadSet())
        let value: T
        do {
            value = try compute()
        } catch {
            let reads = running.removeLast()
            noteRead(reads.tables)
            if reads.wrote { noteWrite() }
            throw error
        }
        let reads = running.removeLast()
        noteRead(reads.tables)  // an enclosing computation read them too
        if reads.wrote {
            noteWrite()
            entries[key] = nil
        } else {
            entries[key] = Entry(value: value, reads: reads.tables.sorted().map { ($0, revision($0)) })
        }
        return value
    }
}
