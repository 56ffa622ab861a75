import SimCore

/// Greedy delta debugging over a run's injected faults (Zeller's ddmin, simplified): try removing
/// chunks of half the list, then quarters, … single faults, keeping a removal whenever the run
/// still fails the same way. Every attempt is a re-run, so attempts are bounded.
struct Shrinker {
    /// Most re-runs.
    let maxRuns: Int
    /// Whether the run with exactly these faults still fails the same way.
    let stillFails: ([InjectedFault]) -> Bool

    struct Result {
        var faults: [InjectedFault]
        var runs: Int
        var hitBound: Bool
    }

    func shrink(_ faults: [InjectedFault]) -> Result {
        var current = faults
        var runs = 0
        var chunk = max(1, current.count)
        while !current.isEmpty {
            var start = 0
            var removedAny = false
            while start < current.count {
                guard runs < maxRuns else { return Result(faults: current, runs: runs, hitBound: true) }
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                runs += 1
                if stillFails(candidate) {
                    current = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 && !removedAny { break }
            chunk = max(1, chunk / 2)
        }
        return Result(faults: current, runs: runs, hitBound: false)
    }
}
