import SimCore

/// verifier-soundness: whenever the app's own verification passed, the harness's comparison of
/// the device's data with its account's rows at that instant found nothing missing or different.
struct VerifierSoundnessChecker {
    func check(_ world: StoriesWorld) -> [Violation] {
        let diffs = world.devices.flatMap { device in
            device.report.unsoundVerifications.flatMap { found in
                found.map { EntityDiff(entity: $0.entity, location: "\(device.name) verification passed", expected: $0.expected, actual: $0.actual) }
            }
        }
        return diffs.isEmpty ? [] : [StoriesChecks.violation("verifier-soundness", "the app's verification passed what the harness finds wrong", diffs)]
    }
}
