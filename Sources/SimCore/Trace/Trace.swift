/// The run's trace: a rolling 64-bit hash that is always on, and full records when asked for.
///
/// Hashing is cheap and integer-only, so a fuzz campaign keeps it on for every seed; full records
/// are turned on when a failing seed is replayed (the run is deterministic, so the replay is the
/// same run). Records are bounded by `recordLimit`; passing it is counted, not silent.
public final class Trace {
    // Every stored property below is touched only on the simulation's thread, and never while
    // another access to it is open, so the dynamic exclusivity checks (a tenth of a record's cost)
    // are turned off for them.

    /// The rolling FNV-1a hash of every record and scheduling choice so far.
    @exclusivity(unchecked) public private(set) var hash: UInt64 = StableHash.offsetBasis
    /// How many records (not scheduling choices) were hashed.
    @exclusivity(unchecked) public private(set) var recordCount: Int = 0
    /// Full records, when recording is on.
    @exclusivity(unchecked) public private(set) var records: [TraceRecord] = []
    /// Whether full records are kept.
    public let isRecording: Bool
    /// The most records kept; later ones are hashed and counted in `droppedRecords`.
    public let recordLimit: Int
    /// Records hashed but not kept because `recordLimit` was reached.
    @exclusivity(unchecked) public private(set) var droppedRecords: Int = 0
    /// Called with each record as it happens (for `--trace` printing); only when recording.
    public var onRecord: ((TraceRecord) -> Void)?
    /// Whether records and scheduling choices are hashed. Off only for a run whose trace nobody
    /// reads (a lean reference run, `SimulatorOptions.hashTrace`): records are then counted, never
    /// built, and `hash` stays at its start value.
    public let isHashing: Bool

    public init(recording: Bool = false, recordLimit: Int = 2_000_000, hashing: Bool = true) {
        precondition(hashing || !recording, "a trace that keeps records also hashes them")
        self.isRecording = recording
        self.recordLimit = recordLimit
        self.isHashing = hashing
    }

    /// Adds a record. `event` is built only by callers that want it; keep it integer-only text.
    public func record(time: Int64, component: String, event: String) {
        record(time: time, component: component) { $0.append(event) }
    }

    /// Adds a record whose event text `write` produces piece by piece: hashed exactly like the
    /// same text given as a string, but the text is only built when records are kept.
    @inline(__always)
    public func record(time: Int64, component: String, _ write: (inout TraceText) -> Void) {
        recordCount += 1
        guard isHashing else { return }
        var h = StableHash.mix(hash, UInt64(bitPattern: time))
        h = StableHash.fnv1a(component, seed: h)
        var event = TraceText(seed: StableHash.fnv1a(byte: 0x20, seed: h), keepsText: isRecording)
        write(&event)
        hash = event.hash
        guard let text = event.text else { return }
        keep(TraceRecord(time: time, component: component, event: text))
    }

    private func keep(_ record: TraceRecord) {
        if records.count < recordLimit {
            records.append(record)
        } else {
            droppedRecords += 1
        }
        onRecord?(record)
    }

    /// Adds a record that is kept (when recording) but not hashed: configuration headers, such as
    /// the fault plan, which differ between a seed's run and its replay from a fault schedule
    /// while the run itself is the same.
    public func note(time: Int64, component: String, event: String) {
        guard isRecording else { return }
        keep(TraceRecord(time: time, component: component, event: event))
    }

    /// Mixes a scheduling choice (which executor ran, which of how many ready jobs) into the hash.
    @inline(__always)
    func mixChoice(_ word: UInt64) {
        guard isHashing else { return }
        hash = (hash ^ word) &* StableHash.prime
    }

    /// The hash as 16 lowercase hex digits.
    public var hashHex: String {
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
