import SimHarness

/// The options of `simrun bench` for its scaling table and its side-by-side comparison.
struct BenchOptions {
    static let flags = ["--compare", "--app", "--scenario", "--seeds", "--size", "--rounds", "--sizes"]

    /// Another simrun binary to compare this one with (`--compare OLD`).
    var compare: String?
    /// Only this app's scenarios (`--app`), else every app's.
    var app: String?
    /// Only these scenarios (`--scenario NAME|app/NAME`), resolved as `run` resolves it; nil: every
    /// scenario of `app` (or of every app).
    var only: [any AppScenario]?
    /// Seeds per measurement (the same seeds 1…N on every side and size).
    var seeds: Int
    /// Dataset size of the comparison.
    var size: Int
    /// Alternating rounds of the comparison (each runs old, new, new, old).
    var rounds: Int
    /// Sizes of the scaling table (the first is the base of the ratios).
    var sizes: [Int]

    init(_ args: inout Arguments, quick: Bool) throws {
        compare = try args.option("--compare")
        app = try args.option("--app")
        seeds = try Self.positive(try args.option("--seeds"), "--seeds") ?? (quick ? 1 : 3)
        size = try Self.positive(try args.option("--size"), "--size", allowZero: true) ?? 1
        rounds = try Self.positive(try args.option("--rounds"), "--rounds") ?? 2
        if let text = try args.option("--sizes") {
            sizes = try text.split(separator: ",").map { try Self.positive(String($0), "--sizes", allowZero: true)! }
            guard !sizes.isEmpty else { throw UsageError("--sizes needs at least one size") }
        } else {
            sizes = quick ? [0, 1] : ScalingBench.sizes
        }
        if let app, AppCatalog.app(named: app) == nil {
            throw Suggest.unknown("app", app, known: AppCatalog.apps.map(\.name))
        }
        if let scenario = try args.option("--scenario") {
            only = try Selection.resolve(scenario: scenario, app: app, variant: nil, allowAll: true).map(\.scenario)
        }
    }

    /// The scenarios measured: the chosen ones, else the chosen app's or every app's, in catalogue order.
    var scenarios: [any AppScenario] {
        only ?? AppCatalog.apps.filter { app == nil || $0.name == app }.flatMap(\.scenarios)
    }

    private static func positive(_ text: String?, _ name: String, allowZero: Bool = false) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value > 0 || (allowZero && value == 0) else {
            throw UsageError("\(name) needs a \(allowZero ? "non-negative" : "positive") whole number, not '\(text)'")
        }
        return value
    }
}
