import SimCore

/// Reduces a failing run's choice sequence the way Hypothesis's shrinker does (MacIver and
/// Donaldson, ECOOP 2020; `hypothesis/internal/conjecture/shrinker.py`): edit the sequence —
/// empty whole streams, cut a stream's tail, delete and zero blocks, lower single values, sort
/// neighbours — re-run, and keep an edit when the run still fails with the same signature. A kept
/// run's own sequence (what it really drew: draws past the end take 0) replaces the current one
/// only when the run is smaller: fewer events, or as many events and a simpler sequence
/// (`ChoiceSequence.isSimpler`: fewer choices, then smaller values). Simpler choices alone can make
/// a longer run (every latency at its minimum, the first ready job always first), and the point is
/// a smaller run; the order is well-founded, so the reduction cannot cycle. Every attempt is a re-run, so attempts are bounded by `maxRuns`.
final class ChoiceShrinker {
    /// Most re-runs.
    let maxRuns: Int
    /// What a candidate's run drew and how many events it ran.
    struct Attempt: Equatable {
        var choices: ChoiceSequence
        var events: Int
    }

    /// Runs a candidate sequence; what the run drew when it still fails the same way, else nil.
    let attempt: (ChoiceSequence) -> Attempt?

    private(set) var current: ChoiceSequence
    /// Events of the current run.
    private(set) var currentEvents: Int
    private(set) var runs = 0
    /// Edits kept.
    private(set) var kept = 0

    /// The result of a reduction.
    struct Result {
        var choices: ChoiceSequence
        var runs: Int
        var kept: Int
        var hitBound: Bool
    }

    init(start: ChoiceSequence, events: Int, maxRuns: Int, attempt: @escaping (ChoiceSequence) -> Attempt?) {
        current = start
        currentEvents = events
        self.maxRuns = maxRuns
        self.attempt = attempt
    }

    /// Runs the passes until one round changes nothing or the bound is hit.
    func shrink() -> Result {
        var round = 0
        while runs < maxRuns && round < 8 {
            let before = current
            consider(ChoiceSequence())  // every draw simplest
            for seed in seedsByLength() { cutTail(seed) }
            emptyStreams()
            for seed in seedsByLength() {
                deleteBlocks(seed)
                zeroBlocks(seed)
            }
            for seed in seedsByLength() { lowerValues(seed) }
            for seed in seedsByLength() { sortNeighbours(seed) }
            round += 1
            if current == before { break }
        }
        return Result(choices: current, runs: runs, kept: kept, hitBound: runs >= maxRuns)
    }

    // MARK: Attempts

    /// Tries `candidate`; keeps what the run drew when it fails the same way and is simpler.
    @discardableResult
    func consider(_ candidate: ChoiceSequence) -> Bool {
        guard runs < maxRuns, candidate != current else { return false }
        runs += 1
        guard let drawn = attempt(candidate) else { return false }
        guard drawn.events < currentEvents || (drawn.events == currentEvents && drawn.choices.isSimpler(than: current)) else { return false }
        current = drawn.choices
        currentEvents = drawn.events
        kept += 1
        return true
    }

    /// `current` with the stream `seed`'s choices replaced.
    func replacing(_ seed: UInt64, with choices: [Choice]) -> ChoiceSequence {
        ChoiceSequence(current.streams.map { $0.seed == seed ? ChoiceSequence.Stream(seed: seed, choices: choices) : $0 })
    }

    /// Stream seeds, longest stream first (ties by seed): the edits that can save most go first.
    func seedsByLength() -> [UInt64] {
        current.streams.sorted { ($0.choices.count, $1.seed) > ($1.choices.count, $0.seed) }.map(\.seed)
    }

    // MARK: Passes

    /// Empties groups of whole streams (every draw takes its simplest value): all at once, then
    /// halves, quarters, … single streams (delta debugging over streams).
    func emptyStreams() {
        var chunk = max(1, current.streams.count)
        while chunk >= 1 && runs < maxRuns {
            var start = 0
            while start < current.streams.count && runs < maxRuns {
                let seeds = Set(current.streams[start..<min(start + chunk, current.streams.count)].map(\.seed))
                let candidate = ChoiceSequence(current.streams.filter { !seeds.contains($0.seed) })
                if !consider(candidate) { start += chunk }
            }
            if chunk == 1 { break }
            chunk /= 2
        }
    }

    /// Finds the shortest prefix of a stream that still fails (binary search; the rest reads its simplest values, and ids fresh ones).
    func cutTail(_ seed: UInt64) {
        let choices = current.choices(seed: seed)
        var low = 0, high = choices.count  // `high` is known to fail
        while low < high && runs < maxRuns {
            let middle = (low + high) / 2
            if consider(replacing(seed, with: Array(current.choices(seed: seed).prefix(middle)))) {
                high = min(middle, current.choices(seed: seed).count)
            } else {
                low = middle + 1
            }
        }
    }

    /// Deletes blocks of a stream, from half its length down to single choices, back to front.
    func deleteBlocks(_ seed: UInt64) {
        editBlocks(seed) { choices, range in
            var edited = choices
            edited.removeSubrange(range)
            return edited
        }
    }

    /// Sets blocks of a stream to their simplest values, from half its length down to single choices.
    func zeroBlocks(_ seed: UInt64) {
        editBlocks(seed) { choices, range in
            guard choices[range].contains(where: { $0.value != 0 && !$0.isFullRange }) else { return nil }
            var edited = choices
            for index in range where !edited[index].isFullRange { edited[index].value = 0 }
            return edited
        }
    }

    /// Most blocks one level of `editBlocks` tries (a stream of 20,000 scheduling choices would
    /// otherwise spend the whole bound on single choices before other streams get a turn).
    static let maxBlocksPerLevel = 32
    /// Streams longer than this get no single-value passes (`lowerValues`, `sortNeighbours`).
    static let maxValuePassLength = 256

    /// Applies `edit` to blocks of halving size, scanning from the end (later choices depend on
    /// earlier ones, so the tail is the cheaper place to cut), down to `maxBlocksPerLevel` blocks.
    func editBlocks(_ seed: UInt64, _ edit: ([Choice], Range<Int>) -> [Choice]?) {
        let length = current.choices(seed: seed).count
        var size = max(1, length / 2)
        let smallest = max(1, length / Self.maxBlocksPerLevel)
        while runs < maxRuns {
            var end = current.choices(seed: seed).count
            while end > 0 && runs < maxRuns {
                let choices = current.choices(seed: seed)
                let range = max(0, min(end, choices.count) - size)..<min(end, choices.count)
                if let edited = edit(choices, range) { consider(replacing(seed, with: edited)) }
                end = range.lowerBound
            }
            if size <= smallest { break }
            size /= 2
        }
    }

    /// Lowers each bounded choice: to 0, else by binary search to the least value that still fails.
    func lowerValues(_ seed: UInt64) {
        guard current.choices(seed: seed).count <= Self.maxValuePassLength else { return }
        var index = 0
        while index < current.choices(seed: seed).count && runs < maxRuns {
            let choice = current.choices(seed: seed)[index]
            if choice.value > 0 && !choice.isFullRange {
                lower(seed, at: index, from: choice.value)
            }
            index += 1
        }
    }

    func lower(_ seed: UInt64, at index: Int, from value: UInt64) {
        var low: UInt64 = 0, high = value  // `high` is known to fail
        while low < high && runs < maxRuns {
            let middle = low + (high - low) / 2
            var choices = current.choices(seed: seed)
            guard index < choices.count else { return }
            choices[index].value = middle
            if consider(replacing(seed, with: choices)) { high = middle } else { low = middle + 1 }
        }
    }

    /// Swaps neighbouring choices of the same bound that are out of order (smaller values first).
    func sortNeighbours(_ seed: UInt64) {
        guard current.choices(seed: seed).count <= Self.maxValuePassLength else { return }
        var index = 0
        while index + 1 < current.choices(seed: seed).count && runs < maxRuns {
            var choices = current.choices(seed: seed)
            let (a, b) = (choices[index], choices[index + 1])
            if a.bound == b.bound && !a.isFullRange && a.value > b.value {
                choices.swapAt(index, index + 1)
                consider(replacing(seed, with: choices))
            }
            index += 1
        }
    }
}
