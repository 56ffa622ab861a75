/// What a durable file holds: its bytes, or a saved value whose bytes are made from it the first
/// time anyone reads the file.
///
/// An app that saves its whole store as one file after every change (as Core Data writes its
/// SQLite file, as the Swiss Coin port writes its JSON store) would otherwise serialize the whole
/// store per save, which makes a sync that saves once per page of pulled changes cost the square of
/// the store's size. A file written with `deferring:` keeps the saved value; reading it gives
/// exactly the bytes the writer's `make` returns, on every read and in every process, so nothing
/// a run can observe changes: `make` must be a pure function of a value that no longer changes
/// (a struct copied at the save). The writer can ask whether the file still holds its write
/// (`FileStore.content(_:) === content`) and then use the value it kept, without reading.
///
/// Writes stay whole-file and atomic: a kill leaves the previous content or this one.
public final class FileContent: @unchecked Sendable {
    private var made: [UInt8]?
    private var make: (() -> [UInt8])?
    /// The saved value the bytes are made from, when the writer handed it over: a reader that
    /// knows its type may take it instead of decoding the bytes (it must be what decoding them
    /// gives).
    public let value: Any?

    /// Content that is these bytes; `value` is what they encode, if the writer offers it.
    public init(bytes: [UInt8], value: Any? = nil) {
        made = bytes
        self.value = value
    }

    /// Content whose bytes `make` returns, called at most once, on the first read; `value` is
    /// what they encode, if the writer offers it.
    public init(deferring make: @escaping () -> [UInt8], value: Any? = nil) {
        self.make = make
        self.value = value
    }

    /// The file's bytes (made now if this is the first read).
    public var bytes: [UInt8] {
        if let made { return made }
        guard let make else { preconditionFailure("FileContent has neither bytes nor a way to make them") }
        let bytes = make()
        made = bytes
        self.make = nil
        return bytes
    }

    /// Whether the bytes exist yet (a deferred content read by nobody has none).
    public var isMade: Bool { made != nil }
}
