import SimCore

/// A step of a scenario's script that perturbs the run on purpose (`offline`, `account-switch`,
/// `web-edit`): a fault of the `script` family, so the run's schedule names it and `shrink` can
/// drop it. Outside a replay it always happens (and is logged); under a replay schedule it happens
/// only if the schedule still has it.
public struct ScriptedStep: FaultDetail {
    public let name: String

    public init(_ name: String) {
        precondition(!name.isEmpty && !name.contains(" "), "a step name is one word")
        self.name = name
    }

    public var text: String { name }
    public init?(text: String) {
        guard !text.isEmpty, !text.contains(" ") else { return nil }
        name = text
    }

    /// Whether the script performs `step` at this opportunity (`subject`: who and when,
    /// `device-2@editing`).
    public static func allows(_ step: String, subject: String, in sim: Simulator) -> Bool {
        let detail = ScriptedStep(step)
        if sim.faults.isScheduled { return sim.faults.scheduled(.script, subject: subject, as: ScriptedStep.self) == detail }
        return sim.faults.logScripted(.script, subject: subject, detail) != nil
    }
}
