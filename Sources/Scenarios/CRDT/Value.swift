/// A scalar value (the subset of Automerge's the app uses).
public enum ScalarValue: Sendable, Equatable {
    case String(String)
    case Int(Int64)
    case Boolean(Bool)
    /// Milliseconds since 1970-01-01T00:00:00Z.
    case Timestamp(Int64)
    case Null

    /// Equality on the stored bytes: Swift's `String ==` treats canonically equivalent strings
    /// (precomposed and decomposed "é") as equal, Automerge compares the UTF-8 bytes.
    public func hasSameBytes(as other: ScalarValue) -> Bool {
        switch (self, other) {
        case (.String(let a), .String(let b)): return a.utf8.elementsEqual(b.utf8)
        default: return self == other
        }
    }
}

/// What a key or index holds.
public enum Value: Sendable, Equatable {
    case Object(ObjId, ObjType)
    case Scalar(ScalarValue)
}
