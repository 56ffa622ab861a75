import AppPorts
import Notes
import SimCore
import SimHarness
import SimrunCLI

/// The notes app as simrun's generic `Scenario` sees it: the fault families it meets, its stage,
/// its healing and its checks. The scenarios (scripts over the stage) are `NotesScenario` values.
public enum NotesRun: ScenarioApp {
    public typealias Defect = NotesDefect
    public typealias Stage = NotesStage
    public typealias Action = NoteAction

    public static let name = "notes"
    public static var invariants: [String] { checks.names }
    /// The network's request faults and kills. Not partitions (the scenario's offline window is
    /// scripted), not buggify (the app has no fault points), not storage (UserDefaults only).
    public static var faultFamilies: [FaultFamily] {
        [.requestLoss, .responseLoss, .duplicate, .serverError, .rateLimit, .slowResponse, .kill]
    }

    /// Every invariant, in report order.
    static let checks = CheckSuite<NotesWorld>([NoLossChecker(), EventualCompletionChecker()])

    public static func makeStage(_ sim: Simulator, variant: Variant<NotesDefect>, size: Int, options: Void) -> NotesStage {
        NotesStage(sim, variant: variant, size: size)
    }

    public static func healing(_ stage: NotesStage) -> Healing<Device> { stage.healingPlan }

    public static func check(_ stage: NotesStage, healing: HealingOutcome, reference: Void, history: History) -> [Violation] {
        checks.run(NotesWorld(stage: stage, healing: healing), history: history)
    }

    /// What `SimrunCommand.main(apps:)` takes: the app, its variants and its scenarios.
    public static var definition: AppDefinition {
        AppDefinition(name: name, summary: "an example notes app with an offline outbox (Examples/OutboxSync)",
                      fixedSummary: "removes a change from the outbox only when the server stored it",
                      defects: NotesDefect.self, scenarios: [NotesScenario.offlineEditsThenSync])
    }
}

/// A scenario of the notes app: a script over the stage; healing and the checks are common.
public typealias NotesScenario = Scenario<NotesRun>
