/// Decides, at each opportunity, whether a fault fires — from the seed (one stream per family, so
/// one family drawing more never reshuffles another) or from a fixed schedule — and logs every
/// fault it injects, so a failing run can be replayed and shrunk.
public final class FaultInjector {
    /// The plan in force (for a schedule: the families present in it, for display).
    public private(set) var plan: FaultPlan
    /// False during the healing phase: nothing fires.
    @exclusivity(unchecked) public var isEnabled = true
    /// Every fault injected so far, in order.
    public private(set) var injected: [InjectedFault] = []
    /// Scheduled faults whose detail text did not parse as the opportunity's detail type (a
    /// corrupt or hand-edited replay file): the run is a harness error, not a silent pass.
    public private(set) var malformed: [InjectedFault] = []

    private let schedule: FaultSchedule?
    /// One stream per family, by `FaultFamily.ordinal`.
    @exclusivity(unchecked) private var streams: [SimRandom]
    /// `plan`'s rate per family, by `FaultFamily.ordinal` (every opportunity reads it: no hashing).
    @exclusivity(unchecked) private var rates: [Int]
    private let onInject: (InjectedFault) -> Void

    init(source: FaultSource, random: SimRandom, onInject: @escaping (InjectedFault) -> Void) {
        switch source {
        case .swarm:
            plan = FaultPlan.swarm(random.fork("fault-plan"))
            schedule = nil
        case .plan(let given):
            plan = given
            schedule = nil
        case .schedule(let given):
            var rates: [FaultFamily: Int] = [:]
            for fault in given.faults { rates[fault.family] = 1 }
            plan = FaultPlan(rates: rates)
            schedule = given
        }
        streams = FaultFamily.allCases.map { random.fork("fault:" + $0.rawValue) }
        rates = FaultFamily.allCases.map { [plan] in plan.rate($0) }
        self.onInject = onInject
    }

    /// Whether faults come from a fixed schedule.
    public var isScheduled: Bool { schedule != nil }

    /// Changes a family's rate (scenarios force families on or off). Ignored under a schedule.
    public func setRate(_ family: FaultFamily, ppm: Int) {
        guard schedule == nil else { return }
        plan.set(family, ppm: ppm)
        rates[family.ordinal] = plan.rate(family)
    }

    /// Returns the fault's typed detail if a fault of `family` fires at this opportunity, else
    /// nil. `draw` may draw from the family's stream (which 5xx, how long); it runs only when
    /// firing. Under a schedule the detail is the scheduled text parsed as `D`; text that does
    /// not parse is logged in `malformed` and fires nothing.
    public func decide<D: FaultDetail>(
        _ family: FaultFamily, subject: @autoclosure () -> String, draw: (inout SimRandom) -> D
    ) -> D? {
        guard isEnabled else { return nil }
        if let schedule {
            guard plan.isOn(family) else { return nil }
            let subject = subject()
            guard let found = schedule.detail(for: family, subject: subject) else { return nil }
            guard let detail = D(text: found) else {
                malformed.append(InjectedFault(family: family, subject: subject, detail: found))
                return nil
            }
            log(InjectedFault(family: family, subject: subject, detail: found))
            return detail
        }
        let index = family.ordinal
        let ppm = rates[index]
        guard ppm > 0 else { return nil }
        // The stream is copied out and back so that `draw` never runs inside an access to `streams`.
        var stream = streams[index]
        guard stream.chance(ppm: ppm) else {
            streams[index] = stream
            return nil
        }
        let chosen = draw(&stream)
        streams[index] = stream
        log(InjectedFault(family: family, subject: subject(), detail: chosen.text))
        return chosen
    }

    /// Whether a fault of a family without parameters fires at this opportunity.
    public func fires(_ family: FaultFamily, subject: @autoclosure () -> String) -> Bool {
        decide(family, subject: subject(), draw: { _ in NoDetail() }) != nil
    }

    /// Logs a fault a scenario's script injects whatever the plan says (a kill the scenario is
    /// about), so the run's fault schedule names it and a replay or `shrink` can keep or drop it.
    /// Nothing is injected while faults are off (healing). Under a schedule use `decide`.
    public func logScripted<D: FaultDetail>(_ family: FaultFamily, subject: String, _ detail: D) -> D? {
        precondition(schedule == nil, "under a schedule a scripted fault is decided by the schedule")
        guard isEnabled else { return nil }
        log(InjectedFault(family: family, subject: subject, detail: detail.text))
        return detail
    }

    /// A draw from a family's own stream (for fault parameters decided outside `decide`).
    public func draw(_ family: FaultFamily, below bound: Int) -> Int {
        return streams[family.ordinal].below(bound)
    }

    private func log(_ fault: InjectedFault) {
        injected.append(fault)
        onInject(fault)
    }
}
