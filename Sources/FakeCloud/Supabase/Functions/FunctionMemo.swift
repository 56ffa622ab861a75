/// Results an edge function chose to remember, valid while the database is unchanged.
///
/// A real edge function recomputes everything on every call; the fake may skip that only where
/// the answer cannot differ: the same function, the same caller (RLS decides what it sees) and no
/// table written since (`TableStore.revision`). Any write clears everything, so a memoized value is
/// exactly what a fresh computation would return — the speed-up never changes a run.
final class FunctionMemo {
    private var revision: UInt64 = 0
    private var values: [String: Any] = [:]

    /// The remembered value for `key` at `revision`, computing and keeping it when absent.
    func value<T>(_ key: String, revision: UInt64, _ compute: () throws -> T) rethrows -> T {
        if revision != self.revision {
            values.removeAll(keepingCapacity: true)
            self.revision = revision
        }
        if let stored = values[key], let value = stored as? T { return value }
        let value = try compute()
        values[key] = value
        return value
    }
}
