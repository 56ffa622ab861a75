import SimCore
import SimHarness

/// The action of InfiniteStories' operation ledger (`OperationLedger<HeroSave>`): a hero the user
/// created or renamed, saved in the device's store (acknowledged at once: the app shows it).
/// no-lost-update holds each device's store to the name the user last gave each hero, and the
/// content audits leave out what the user touched.
struct HeroSave: Sendable {
    var heroId: String
    var name: String

    static let operationName = "infinitestories hero saved"

    /// Per device, the name the user last gave each hero (by hero id), in `ledger`.
    static func lastNames(_ ledger: OperationLedger<HeroSave>) -> [String: [String: String]] {
        var names: [String: [String: String]] = [:]
        for entry in ledger where entry.isAcknowledged { names[entry.device, default: [:]][entry.action.heroId] = entry.action.name }
        return names
    }

    /// The entity keys (`hero:<id>`) the user created or changed on `device`.
    static func touched(_ ledger: OperationLedger<HeroSave>, on device: String) -> Set<String> {
        Set(ledger.entries(on: device).map { "hero:" + $0.action.heroId })
    }
}
