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
    /// Under a schedule: the rates the seeded run had (the seed's swarm plan, as scenarios change
    /// it), by which `decide` advances each family's stream as that run did, so parameters drawn
    /// outside `decide` (`draw(_:below:)`: how long before the user reopens a killed app) are the
    /// same in a replay of the run's whole schedule as in the run.
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
        let seeded = schedule == nil ? plan : FaultPlan.swarm(random.fork("fault-plan"))
        rates = FaultFamily.allCases.map { seeded.rate($0) }
        self.onInject = onInject
    }

    /// Whether faults come from a fixed schedule.
    public var isScheduled: Bool { schedule != nil }

    /// Changes a family's rate (scenarios force families on or off). Under a schedule only the
    /// seeded run's rate it shadows changes: the schedule alone decides what fires.
    public func setRate(_ family: FaultFamily, ppm: Int) {
        guard schedule == nil else {
            rates[family.ordinal] = max(0, min(ppm, 1_000_000))
            return
        }
        plan.set(family, ppm: ppm)
        rates[family.ordinal] = plan.rate(family)
    }

    /// A family's rate in parts per million as the seed's run has it (under a schedule: the rate
    /// the seeded run had, not the schedule's).
    public func rate(_ family: FaultFamily) -> Int { rates[family.ordinal] }

    /// Returns the fault's typed detail if a fault of `family` fires at this opportunity, else
    /// nil. `draw` may draw from the family's stream (which 5xx, how long); it runs only when
    /// firing. Under a schedule the detail is the scheduled text parsed as `D`; text that does
    /// not parse is logged in `malformed` and fires nothing.
    public func decide<D: FaultDetail>(
        _ family: FaultFamily, subject: @autoclosure () -> String, draw: (inout SimRandom) -> D
    ) -> D? {
        guard isEnabled else { return nil }
        if schedule != nil {
            // The stream moves on as in the seeded run; the schedule decides.
            let index = family.ordinal
            if rates[index] > 0 {
                var stream = streams[index]
                if stream.chance(ppm: rates[index]) { _ = draw(&stream) }
                streams[index] = stream
            }
            return scheduled(family, subject: subject(), as: D.self)
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

    /// Under a schedule, the scheduled fault of `family` at an opportunity the seeded run never
    /// put to `decide` (a scripted step, which it logged instead; a buggify label it found
    /// inactive): the family's stream does not move. Nil when the schedule has none.
    public func scheduled<D: FaultDetail>(_ family: FaultFamily, subject: String, as type: D.Type) -> D? {
        guard isEnabled, let schedule else { return nil }
        guard plan.isOn(family), let found = schedule.detail(for: family, subject: subject) else { return nil }
        guard let detail = D(text: found) else {
            malformed.append(InjectedFault(family: family, subject: subject, detail: found))
            return nil
        }
        log(InjectedFault(family: family, subject: subject, detail: found))
        return detail
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
