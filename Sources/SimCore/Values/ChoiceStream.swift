/// One stream's given choices, its cursor and the choices it made (shared by every copy of a
/// `SimRandom` with this seed, so their draws interleave as the run made them).
final class ChoiceStream: @unchecked Sendable {
    /// The tape, for forks of this stream (weak: the tape owns its streams).
    weak var tape: ChoiceTape?
    private let given: [UInt64]
    /// Whether draws past the end take the PRNG's value.
    let generates: Bool
    /// The choices made, in order; `made.count` is the cursor into `given`.
    private(set) var made: [Choice] = []

    init(tape: ChoiceTape, given: [UInt64], generates: Bool) {
        self.tape = tape
        self.given = given
        self.generates = generates
        made.reserveCapacity(given.count)
    }

    /// How many choices were given.
    var givenCount: Int { given.count }

    /// The next given choice fitted below `bound`, or nil past the end (the cursor does not move:
    /// `record` moves it).
    @inline(__always)
    func nextGiven(below bound: UInt64) -> UInt64? {
        let cursor = made.count
        guard cursor < given.count else { return nil }
        return Choice.fit(given[cursor], below: bound)
    }

    /// Appends the choice made.
    @inline(__always)
    func record(_ value: UInt64, below bound: UInt64) {
        made.append(Choice(value: value, bound: bound))
    }
}
