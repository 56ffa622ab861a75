/// Results an edge function chose to remember, each valid while what it read is unchanged.
///
/// A real edge function recomputes everything on every call; the fake may skip that only where
/// the answer cannot differ: the same function, the same caller (RLS decides what it sees) and no
/// change since to the tables its queries read, or that their row-level security policies can
/// read — as the caller sees them when the query ran under RLS (`TableStore.viewRevision`: another
/// account's writes to the same tables keep the value), else any change. A computation that
/// writes is never remembered. So a remembered value is exactly what a fresh computation would
/// return: the speed-up never changes a run.
final class TableReadMemo {
    /// A table read, and as whom when row-level security applied (nil: every row counted).
    struct TableRead: Hashable {
        var table: String
        var viewer: AuthContext?
    }

    private struct Entry {
        var value: Any
        var reads: [(read: TableRead, revision: UInt64)]
    }

    /// What the computations now running read and whether they wrote (innermost last).
    private struct ReadSet {
        var tables: Set<TableRead> = []
        var wrote = false
    }

    private var entries: [String: Entry] = [:]
    private var running: [ReadSet] = []

    /// Tells every running computation that it read `tables` (as `viewer`, under RLS).
    func noteRead(_ tables: some Sequence<String>, viewer: AuthContext?) {
        noteRead(tables.map { TableRead(table: $0, viewer: viewer) })
    }

    private func noteRead(_ reads: some Sequence<TableRead>) {
        for index in running.indices { running[index].tables.formUnion(reads) }
    }

    /// Tells every running computation that it wrote (its value will not be remembered).
    func noteWrite() {
        for index in running.indices { running[index].wrote = true }
    }

    /// The remembered value for `key` if every table it read still has the revision it had.
    func peek(_ key: String, revision: (TableRead) -> UInt64) -> Any? {
        guard let entry = entries[key], entry.reads.allSatisfy({ revision($0.read) == $0.revision }) else { return nil }
        return entry.value
    }

    /// The remembered value for `key` while every table it read still has the revision it had
    /// and `accept` takes it; otherwise `compute()`, remembered (in its place) with the revisions
    /// of the tables it read.
    func value<T>(_ key: String, revision: (TableRead) -> UInt64, accept: (T) -> Bool = { _ in true },
                  _ compute: () throws -> T) throws -> T {
        if let entry = entries[key], let value = entry.value as? T, accept(value),
           entry.reads.allSatisfy({ revision($0.read) == $0.revision }) {
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
            // Sorted only for a stable layout: validation checks every read whatever the order.
            let ordered = reads.tables.sorted { ($0.table, $0.viewer?.uid ?? "") < ($1.table, $1.viewer?.uid ?? "") }
            entries[key] = Entry(value: value, reads: ordered.map { ($0, revision($0)) })
        }
        return value
    }
}
