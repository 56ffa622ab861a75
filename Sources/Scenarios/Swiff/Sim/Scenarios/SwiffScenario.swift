import AppPorts
import FakeCloud
import SimCore
import SimHarness
import Swiff

/// Swiff as the generic scenario sees it: its stage (the user's devices, each with its own
/// store: no cloud), its healing and its checks. No network: Swiff meets kills and storage faults
/// only.
enum SwiffRun: ScenarioApp {
    typealias Defect = SwiffDefect
    typealias Stage = SwiffStage
    typealias Action = SwiffHanded

    static var name: String { SwiffApp.name }
    static var invariants: [String] { SwiffChecks.names }
    static var faultFamilies: [FaultFamily] { [.kill, .storage] }

    static func makeStage(_ sim: Simulator, variant: SwiffVariant, size: Int, options: Void) -> SwiffStage {
        SwiffStage(sim: sim, variant: variant, size: size)
    }

    static func healing(_ stage: SwiffStage) -> Healing<Device> { stage.healingPlan }

    static func check(_ stage: SwiffStage, healing: HealingOutcome, reference: Void, history: History) -> [Violation] {
        SwiffChecks.run(stage.world, history: history)
    }
}

/// A Swiff scenario: a script that installs builds, runs the user's sessions and injects its
/// faults; healing (every device updated to the newest build and opened twice) and the checks
/// are common to all.
typealias SwiffScenario = Scenario<SwiffRun>

extension SwiffStage {
    /// A device with `build` installed and the user's data entered, some stored balances drifted
    /// as an older release left them (no faults: this is the past).
    @discardableResult
    func setUp(_ name: String, build: Int) async -> Device {
        let device = addDevice(name)
        install(device, build: build)
        let faults = storageFaults
        storageFaults = false
        await session(device, [.importAll(dataset)])
        do { try await writeDrift(device) } catch { sim.record(name, "drift not written: \(error)") }
        storageFaults = faults
        return device
    }

    /// `count` edits the user makes in the installed build over the people and groups the device
    /// holds (as the user expects them): new people, renames, expenses, subscriptions, and (V3)
    /// settlements.
    func edits(_ device: Device, _ count: Int) -> [SwiffAction] {
        let build = phone(device).build
        let expected = self.expected(device.name).expected
        let people = expected.keys.filter { $0.kind == "person" }.map(\.id).sorted()
        let groups = expected.filter { $0.key.kind == "group" && $0.value["members"] != nil }.sorted { $0.key < $1.key }.map { entry in
            GroupInput(id: entry.key.id, name: "", groupDescription: "", emoji: "",
                       memberIDs: entry.value["members"]!.split(separator: ",").map(String.init))
        }
        return (0..<count).map { _ in
            let tag = draw(1_000_000)
            let choice = people.isEmpty || groups.isEmpty ? 3 * draw(2) : draw(build >= 3 ? 5 : 4)
            let someone = people.isEmpty ? "" : people[draw(people.count)]
            switch choice {
            case 0: return .addPerson(SwiffDataset.person(&random, tag))
            case 1: return .editPerson(id: someone, name: "Renamed \(tag)", phone: "+41 78 \(tag)")
            case 2:
                let group = groups[draw(groups.count)]
                return .addExpense(SwiffDataset.expense(&random, group: group, index: tag, notes: build >= 3 ? "note \(tag)" : nil))
            case 3:
                return .addSubscription(SubscriptionInput(id: newId(), name: "New \(tag)", billingCycle: "monthly", category: "app",
                                                          priceCents: Int64(1 + draw(9_999)), nextBillingMillis: SwiffDataset.epoch))
            default:
                return .addSettlement(SettlementInput(id: newId(), fromPersonID: someone, toPersonID: people[draw(people.count)],
                                                      amountCents: Int64(1 + draw(20_000)), dateMillis: SwiffDataset.epoch + Int64(tag)))
            }
        }
    }
}
