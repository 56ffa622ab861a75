/// A scenario that names the `sometimes` marks it means to reach (`sim.sometimes(label)`), so a
/// campaign can say which of them no run reached. `simrun fuzz` lists the declared marks nobody
/// hit, and `--require-coverage` fails the campaign on them.
///
/// Adopt it beside `AppScenario`: `struct MyScenario: AppScenario, CoverageDeclaring`.
public protocol CoverageDeclaring {
    /// The labels passed to `sometimes` that this scenario claims to reach.
    var coverageMarks: [String] { get }
}
