/// Where new identifiers come from (`UUID()` in app code).
public protocol IDGenerator: Sendable {
    /// A fresh UUID string, lower-case, 8-4-4-4-12 hex digits (`UUID().uuidString.lowercased()`).
    func uuid() -> String
}
