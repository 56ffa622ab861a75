import SimCore

/// The simulator of a fault-free reference run (the yardstick of idempotent-retry): seeded from
/// the main run's seed and a label (its own stream), with the main run's scheduling policy, no
/// faults and no trace records. It is a separate simulation, run after the main one, so nothing of
/// it reaches the main run's trace hash, fault log, coverage or choice tape.
public enum ReferenceRun {
    /// `lean` (the default) also turns the trace hash off (`SimulatorOptions.hashTrace`): nobody
    /// reads a reference run's hash, so its trace text is never built. Nothing in a simulation
    /// reads the hash, so both ways run the same (a test compares their final server states).
    public static func simulator(after main: Simulator, label: String, lean: Bool = true) -> Simulator {
        var options = main.options
        options.recordTrace = false
        options.hashTrace = !lean
        options.faultSource = .plan(.none)
        options.choices = nil  // the yardstick draws from its own seed, never from the main run's tape
        return Simulator(seed: main.random.fork(label).seed, options: options)
    }
}
