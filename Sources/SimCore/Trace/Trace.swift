/// The run's trace: a rolling 64-bit hash that is always on, and full records when asked for.
///
/// Hashing is cheap and integer-only, so a fuzz campaign keeps it on for every seed; full records
/// are turned on when a failing seed is replayed (the run is deterministic, so the replay is the
/// same run). Records are bounded by `recordLimit`; passing it is counted, not silent.
public final class Trace {
    /// The rolling FNV-1a hash of every record and scheduling choice so far.
    public private(set) var hash: UInt64 = StableHash.offsetBasis
    /// How many records (not scheduling choices) were hashed.
    public private(set) var recordCount: Int = 0
    /// Full records, when recording is on.
    public private(set) var records: [TraceRecord] = []
    /// Whether full records are kept.
    public let isRecording: Bool
    /// The most records kept; later ones are hashed and counted in `droppedRecords`.
    public let recordLimit: Int
    /// Records hashed but not kept because `recordLimit` was reached.
    public private(set) var droppedRecords: Int = 0
    /// Called with each record as it happens (for `--trace` printing); only when recording.
    public var onRecord: ((TraceRecord) -> Void)?

    public init(recording: Bool = false, recordLimit: Int = 2_000_000) {
        self.isRecording = recording
        self.recordLimit = recordLimit
    }

    /// Adds a record. `event` is built only by callers that want it; keep it integer-only text.
    public func record(time: Int64, component: String, event: String) {
        recordCount += 1
        var h = StableHash.mix(hash, UInt64(bitPattern: time))
        h = StableHash.fnv1a(component, seed: h)
        h = StableHash.fnv1a(event, seed: (h ^ 0x20) &* StableHash.prime)
        hash = h
        guard isRecording else { return }
        let record = TraceRecord(time: time, component: component, event: event)
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
        let record = TraceRecord(time: time, component: component, event: event)
        if records.count < recordLimit { records.append(record) } else { droppedRecords += 1 }
        onRecord?(record)
    }

    /// Mixes a scheduling choice (which executor ran, which of how many ready jobs) into the hash.
    @inline(__always)
    func mixChoice(_ word: UInt64) {
        hash = (hash ^ word) &* StableHash.prime
    }

    /// The hash as 16 lowercase hex digits.
    public var hashHex: String {
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
