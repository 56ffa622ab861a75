/// One trace event's text, written piece by piece: every piece is hashed as it comes (FNV-1a over
/// exactly the bytes the text would hold, so the event hashes as if the whole text had been
/// passed to `Trace.record(time:component:event:)`), and the text itself is built only when the
/// trace keeps records. Fuzzing hashes every event of every seed; this keeps that from building
/// (and allocating) a string per event.
public struct TraceText {
    /// The running hash of the pieces written so far.
    public private(set) var hash: UInt64
    /// The text, when the trace keeps records; nil otherwise.
    public private(set) var text: String?

    init(seed: UInt64, keepsText: Bool) {
        hash = seed
        text = keepsText ? "" : nil
    }

    /// Appends a piece of text.
    public mutating func append(_ piece: String) {
        hash = StableHash.fnv1a(piece, seed: hash)
        text?.append(piece)
    }

    /// Appends an integer in decimal, as `String(value)` writes it.
    public mutating func append(_ value: Int64) {
        hash = StableHash.fnv1a(decimal: value, seed: hash)
        if text != nil { text!.append(String(value)) }
    }

    /// Appends an integer in decimal, as `String(value)` writes it.
    public mutating func append(_ value: UInt64) {
        hash = StableHash.fnv1a(decimal: value, seed: hash)
        if text != nil { text!.append(String(value)) }
    }

    /// Appends an integer in decimal, as `String(value)` writes it.
    public mutating func append(_ value: Int) { append(Int64(value)) }
}
