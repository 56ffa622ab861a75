/// Where app code says which phase of its work it has entered (`step3`, `sync.push`, `sign-out`).
///
/// In production it does nothing (or emits a signpost); under simulation it is the kill
/// injector's cue, so a kill can land at any await point of any phase of the app's life (a
/// migration step, a sync push or pull, a sign-in, a store switch), and the campaign's coverage
/// shows which phases were killed in. Call it when the phase starts, from the phase's own task.
public protocol PhaseProbe: Sendable {
    func enter(_ phase: String)
}

/// The probe of production code: phases are not observed.
public struct NoPhaseProbe: PhaseProbe {
    public init() {}
    public func enter(_ phase: String) {}
}
