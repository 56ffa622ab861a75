import SimCore

/// An extra section of `simrun bench` that a command line brings for its own code (the built-in
/// one adds the CRDT merge): `name` is what `--only` selects, `measure` returns the text line and
/// the `--json` entry. `quick` asks for the small sizes the CLI's tests use.
public struct SimrunBenchmark: Sendable {
    public var name: String
    public var measure: @Sendable (_ quick: Bool) -> (line: String, json: JSONValue)

    public init(name: String, measure: @escaping @Sendable (_ quick: Bool) -> (line: String, json: JSONValue)) {
        self.name = name
        self.measure = measure
    }
}
