import FakeCloud
import SimCore

/// A difference between the fake and PostgreSQL after some step of a sequence.
struct Mismatch: CustomStringConvertible {
    var fixture: String
    var seed: UInt64
    /// 0-based index of the first step after which the two sides differ; the steps up to and
    /// including it are the shortest prefix that shows the difference.
    var step: Int
    var prefix: [Step]
    var actors: [Actor]
    var what: String

    var description: String {
        var text = "MISMATCH fixture=\(fixture) seed=\(seed): after step \(step + 1) (shortest failing prefix: \(step + 1) steps)\n  \(what)\n  prefix:"
        for (index, step) in prefix.enumerated() {
            text += "\n   \(index + 1). \(actors[step.actor]) \(RequestText.describe(step.request))"
        }
        text += "\n  replay: Scripts/postgres-test.sh --sequences 1 --seed \(seed)"
        return text
    }
}

/// Runs one seeded sequence against the fake and PostgreSQL and compares, after every step, the
/// answers (status, error code, rows), what every actor can see of every table, and all rows.
struct DifferentialRun {
    let fixture: Fixture
    let database: PostgresDatabase
    let seed: UInt64
    let length: Int

    /// Observed (status, code) pairs from the real server, for the coverage check.
    var observed: Set<String> = []
    /// How often each `KnownDifference` explained a differing answer.
    var knownHits: [String: Int] = [:]
    /// PostgreSQL's answer to each step run so far.
    var postgresAnswers: [StepAnswer] = []
    /// The fake's answer to each step run so far.
    var fakeAnswers: [StepAnswer] = []

    init(fixture: Fixture, database: PostgresDatabase, seed: UInt64, length: Int) {
        self.fixture = fixture
        self.database = database
        self.seed = seed
        self.length = length
    }

    /// The sequence's steps and its first mismatch, if any.
    mutating func run() throws -> Mismatch? {
        let fixture = fixture, seed = seed, length = length
        return try run { fake in
            let generator = RequestGenerator(fixture: fixture, uids: fake.actors.map(\.uid), random: SimRandom(seed: seed).fork("requests"))
            return generator.sequence(length: length)
        }
    }

    /// Runs the steps `build` makes for a fresh fake (its users known) on a freshly reset database.
    mutating func run(_ build: (FakeSide) -> [Step]) throws -> Mismatch? {
        let fake = FakeSide(backend: fixture.backend, seed: seed, users: fixture.users)
        try database.reset(rows: fake.allRows(), sequence: fake.server.store.lastSequenceValue)
        return try run(build(fake), fake: fake)
    }

    /// Runs given steps on a fake and the database in the same state.
    mutating func run(_ steps: [Step], fake: FakeSide) throws -> Mismatch? {
        let normalizer = RowNormalizer(fixture: fixture)
        let observers = fake.actors
        for (index, step) in steps.enumerated() {
            fake.tick()
            let actor = fake.actors[step.actor]
            let response = fake.execute(step.request, as: actor)
            let pg = try database.execute(step.request, as: actor, nowText: fake.nowText, observers: observers)
            let expected = StepAnswer(postgres: pg.answer, request: step.request, actor: actor, normalizer: normalizer)
            let actual = StepAnswer(fake: response, request: step.request, normalizer: normalizer)
            observed.insert("\(expected.status) \(expected.code ?? "-")")
            postgresAnswers.append(expected)
            fakeAnswers.append(actual)
            var what: String?
            if expected != actual {
                if let known = KnownDifference.all.first(where: { $0.explains(step.request, expected, actual) }) {
                    knownHits[known.name, default: 0] += 1
                } else {
                    what = "answer differs: PostgreSQL \(expected) | fake \(actual)"
                }
            }
            if what == nil, let difference = compareContents(fake, pg, observers, normalizer) {
                what = difference
            }
            if let what {
                return Mismatch(fixture: fixture.name, seed: seed, step: index, prefix: Array(steps[...index]), actors: fake.actors, what: what)
            }
        }
        return nil
    }

    private func compareContents(_ fake: FakeSide, _ pg: PostgresStep, _ observers: [Actor], _ normalizer: RowNormalizer) -> String? {
        let stored = fake.allRows()
        let visible = observers.map { fake.visible(to: $0) }
        for table in fixture.backend.tables {
            let fakeAll = (stored[table.name] ?? []).map { normalizer.row(.object($0), table: table) }.sorted()
            let pgAll = normalizer.multiset(pg.all[table.name] ?? .array([]), table: table)
            if fakeAll != pgAll { return "table \(table.name) differs:\n    PostgreSQL \(pgAll)\n    fake       \(fakeAll)" }
            for (index, observer) in observers.enumerated() {
                let seenByFake = normalizer.multiset(visible[index][table.name] ?? .null, table: table)
                let seenByPG = normalizer.multiset(pg.visible[index][table.name] ?? .array([]), table: table)
                if seenByFake != seenByPG {
                    return "\(observer) sees different rows of \(table.name):\n    PostgreSQL \(seenByPG)\n    fake       \(seenByFake)"
                }
            }
        }
        return nil
    }
}
