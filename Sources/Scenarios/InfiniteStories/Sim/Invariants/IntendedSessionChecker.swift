import SimCore
import SimHarness

/// intended-session: at the end a device is signed out or signed in as the account its user
/// means to use there (the credentials they type last). A sign-out that forgets the session in
/// memory but leaves it in the Keychain signs the old account back in at the next launch, on a
/// device now handed to someone else.
struct IntendedSessionChecker: InvariantChecker {
    let name = "intended-session"

    func check(_ world: StoriesWorld, history: History) -> [Violation] {
        let diffs = world.devices.compactMap { device -> EntityDiff? in
            guard let session = device.session, session != device.intended else { return nil }
            return EntityDiff(entity: "session", location: device.name, expected: "none or \(device.intended ?? "none")", actual: session)
        }
        return ViolationReport.of(name, diffs) { "\($0) devices are signed in as an account their user left" }
    }
}
