import AppPorts
import SimCore
import SimHarness

/// verifier-soundness: the app's own verification (`verifyBalances`, then the completion flag)
/// must fail whenever the harness's balance-equality fails. Checked at the instant the app
/// announces "Migration complete!": any balance difference between the device's data and the
/// server then is one the app's check missed — sampled, tolerant, primary-only, print-only or
/// never called (bug zoo SC-13).
struct VerifierSoundnessChecker: InvariantChecker {
    let name = "verifier-soundness"

    func check(_ world: SwissCoinWorld, history: History) -> [Violation] {
        var diffs: [EntityDiff] = []
        for name in world.reports.keys.sorted() {
            for completion in world.reports[name]!.unverifiedCompletions {
                diffs.append(EntityDiff(entity: "migration announced complete in launch #\(completion.launch)", location: name,
                                        expected: "balances equal to the server's", actual: "\(completion.diffs.count) balances differ"))
                diffs += completion.diffs
            }
        }
        return ViolationReport.of(name, diffs) { _ in "the app announced completion while balances differed from the server" }
    }
}
