/// Decides, at each opportunity, whether a fault fires — from the seed (one stream per family, so
/// one family drawing more never reshuffles another) or from a fixed schedule — and logs every
/// fault it injects, so a failing run can be replayed and shrunk.
public final class FaultInjector {
    /// The plan in force (for a schedule: the families present in it, for display).
    public private(set) var plan: FaultPlan
    /// False during the healing phase: nothing fires.
    public var isEnabled = true
    /// Every fault injected so far, in order.
    public private(set) var injected: [InjectedFault] = []

    private let schedule: FaultSchedule?
    private var streams: [SimRandom]
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
        self.onInject = onInject
    }

    /// Whether faults come from a fixed schedule.
    public var isScheduled: Bool { schedule != nil }

    /// Changes a family's rate (scenarios force families on or off). Ignored under a schedule.
    public func setRate(_ family: FaultFamily, ppm: Int) {
        guard schedule == nil else { return }
        plan.set(family, ppm: ppm)
    }

    /// Returns the fault's detail if a fault of `family` fires at this opportunity, else nil.
    /// `detail` may draw from the family's stream (e.g. which 5xx); it runs only when firing.
    public func decide(
        _ family: FaultFamily, subject: @autoclosure () -> String,
        detail: (inout SimRandom) -> String = { _ in "" }
    ) -> String? {
        guard isEnabled else { return nil }
        if let schedule {
            guard plan.isOn(family) else { return nil }
            let subject = subject()
            guard let found = schedule.detail(for: family, subject: subject) else { return nil }
            log(InjectedFault(family: family, subject: subject, detail: found))
            return found
        }
        let ppm = plan.rate(family)
        guard ppm > 0 else { return nil }
        let index = FaultFamily.allCases.firstIndex(of: family)!
        guard streams[index].chance(ppm: ppm) else { return nil }
        let chosen = detail(&streams[index])
        log(InjectedFault(family: family, subject: subject(), detail: chosen))
        return chosen
    }

    /// A draw from a family's own stream (for fault parameters decided outside `decide`).
    public func draw(_ family: FaultFamily, below bound: Int) -> Int {
        let index = FaultFamily.allCases.firstIndex(of: family)!
        return streams[index].below(bound)
    }

    private func log(_ fault: InjectedFault) {
        injected.append(fault)
        onInject(fault)
    }
}
