import SimCore
import SimHarness

/// verifier-soundness: whenever the app's own verification passed, the harness's comparison of
/// the device's data with its account's rows at that instant found nothing missing or different.
struct VerifierSoundnessChecker: InvariantChecker {
    let name = "verifier-soundness"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        let diffs = world.devices.flatMap { device in
            device.report.unsoundVerifications.flatMap { found in
                found.map { EntityDiff(entity: $0.entity, location: "\(device.name) verification passed", expected: $0.expected, actual: $0.actual) }
            }
        }
        return ViolationReport.of(name, diffs) { "the app's verification passed \($0) differences the harness finds" }
    }
}
