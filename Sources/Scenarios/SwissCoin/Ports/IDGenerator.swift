/// Where new identifiers come from (`UUID()` in the seed, l.600, l.631, l.317).
public protocol IDGenerator {
    /// A fresh UUID string (lower-case, 8-4-4-4-12 hex digits).
    func uuid() -> String
}
